import type { Tx } from "@/lib/db/client";

/**
 * The sent email (and its recipient) a received message replies to: the first Message-ID of
 * its In-Reply-To and References that is one Mailwright gave a recipient of this account's
 * emails. Those read `<recipientId@domain>`, so each candidate is one primary-key lookup.
 */
export async function findRepliedEmail(tx: Tx, options: { accountId: string; messageIds: string[] }) {
  const candidates = options.messageIds.slice(0, 50).flatMap((id) => {
    const match = /^<(rcp_[0-9A-Za-z]{1,40})@[^<>@\s]+>$/.exec(id);
    return match ? [{ recipientId: match[1], messageId: id }] : [];
  });
  if (!candidates.length) return null;
  const rows = await tx.emailRecipient.findMany({
    where: { id: { in: candidates.map((c) => c.recipientId) }, accountId: options.accountId },
    select: { id: true, email: true, messageId: true, emailId: true },
  });
  for (const candidate of candidates) {
    const row = rows.find((r) => r.id === candidate.recipientId && r.messageId?.toLowerCase() === candidate.messageId.toLowerCase());
    if (row) return row;
  }
  return null;
}
