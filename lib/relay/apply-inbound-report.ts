import { getDb } from "@/lib/db/client";
import { domainOf, parseAddress } from "@/lib/emails/addresses";
import { emailStatusFrom } from "@/lib/emails/email-status";
import { recordEmailEvent } from "@/lib/emails/record-event";
import { suppressAddress } from "@/lib/suppressions/suppress-address";
import type { InboundReport } from "./parse-report";

const VERP = /^bounce\+([0-9A-Za-z]+)@send\.(.+)$/i;

/** The recipient a VERP address (bounce+<token>@send.<domain>) names, or null. */
export async function findVerpRecipient(address: string) {
  const m = VERP.exec(address);
  if (!m) return null;
  const recipient = await getDb().emailRecipient.findUnique({ where: { verpToken: m[1] }, include: { emailRecord: true } });
  if (!recipient) return null;
  const domain = domainOf(parseAddress(recipient.emailRecord.from)?.address ?? recipient.emailRecord.from);
  return domain === m[2].toLowerCase() ? { recipient, email: recipient.emailRecord, domain } : null;
}

export const isVerpAddress = (address: string) => VERP.test(address);

/**
 * A bounce or complaint that arrived after delivery, for the recipient its VERP address names:
 * `email.bounced` (hard ones suppress the address) or `email.complaint` (always suppresses),
 * through the same event writer as delivery outcomes, so webhooks and analytics follow.
 * A repeated report for the same recipient changes nothing.
 */
export async function applyInboundReport(options: { verpAddress: string; report: InboundReport }): Promise<boolean> {
  const found = await findVerpRecipient(options.verpAddress);
  if (!found) return false;
  const { recipient, email, domain } = found;
  const { report } = options;
  const base = { email, domain, recipient: { id: recipient.id, email: recipient.email } };
  const data = { from: email.from, to: recipient.email, subject: email.subject };
  const applied = await getDb().$transaction(async (tx) => {
    if (report.kind === "complaint") {
      // Conditional update: a report delivered twice (even at once) is applied once.
      const changed = await tx.emailRecipient.updateMany({
        where: { id: recipient.id, status: { not: "complained" } },
        data: { status: "complained" },
      });
      if (!changed.count) return false;
      await recordEmailEvent(tx, { ...base, type: "email.complaint", data: { ...data, feedback_type: report.feedbackType } });
      await suppressAddress(tx, { accountId: email.accountId, email: recipient.email, reason: "complaint", emailId: email.id });
      return true;
    }
    if (recipient.status === "bounced" || recipient.status === "complained") return false;
    // A "delayed" notice is news, not an outcome: the remote MTA is still trying.
    if (report.action === "failed") {
      const changed = await tx.emailRecipient.updateMany({
        where: { id: recipient.id, status: { notIn: ["bounced", "complained"] } },
        data: { status: "bounced", lastResponse: `${report.code} ${report.status} ${report.message}`.slice(0, 1000), nextAttemptAt: null },
      });
      if (!changed.count) return false;
    }
    await recordEmailEvent(tx, {
      ...base,
      type: "email.bounced",
      data: { ...data, bounce: { type: report.type, code: report.code, status: report.status, message: report.message, source: "dsn" } },
    });
    if (report.type === "hard") {
      await suppressAddress(tx, { accountId: email.accountId, email: recipient.email, reason: "hard_bounce", emailId: email.id });
    }
    return true;
  });
  if (applied) {
    const statuses = await getDb().emailRecipient.findMany({ where: { emailId: email.id }, select: { status: true } });
    await getDb().email.update({ where: { id: email.id }, data: { status: emailStatusFrom(statuses.map((s) => s.status)) } });
  }
  return applied;
}
