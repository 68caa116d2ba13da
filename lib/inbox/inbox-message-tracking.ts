import { getDb } from "@/lib/db/client";
import type { InboxMessage } from "@/lib/generated/prisma/client";

/**
 * What the recipient's mail client would record for this copy: `open` says whether loading it
 * counts an open ("pixel": the copy carries the recipient's open pixel; "tracking_off": the
 * account tracked no opens, so none was added; "no_pixel": sent without one, as a message
 * without HTML or one relayed over SMTP), `trackedLinks` how many of its links go through the
 * click tracker.
 */
export interface InboxMessageTracking {
  recipient: string | null;
  open: "pixel" | "tracking_off" | "no_pixel";
  trackedLinks: number;
}

export async function inboxMessageTracking(message: InboxMessage): Promise<InboxMessageTracking & { openToken: string | null }> {
  const db = getDb();
  if (!message.accountId || !message.emailId || !message.recipientId) {
    return { recipient: null, open: "no_pixel", trackedLinks: 0, openToken: null };
  }
  const where = { accountId: message.accountId, emailId: message.emailId, recipientId: message.recipientId };
  const [recipient, tokens, account] = await Promise.all([
    db.emailRecipient.findFirst({ where: { id: message.recipientId, accountId: message.accountId }, select: { email: true } }),
    db.trackingToken.findMany({ where, select: { token: true, kind: true } }),
    db.account.findUnique({ where: { id: message.accountId }, select: { trackOpens: true } }),
  ]);
  const openToken = tokens.find((t) => t.kind === "open")?.token ?? null;
  return {
    recipient: recipient?.email ?? null,
    open: openToken ? "pixel" : account?.trackOpens === false ? "tracking_off" : "no_pixel",
    trackedLinks: tokens.filter((t) => t.kind === "click").length,
    openToken,
  };
}
