import { refundCredits } from "@/lib/credits/refund-credits";
import { getDb } from "@/lib/db/client";
import type { Email } from "@/lib/generated/prisma/client";
import { emailStatusFrom } from "./email-status";
import { recordEmailEvent } from "./record-event";

/**
 * Fails, unsent, every recipient of an email not yet finished, when the email must not go out
 * at all: its From domain is no longer held by its account, or its template no
 * longer renders within the budget. Each gets `email.failed` with the reason, their credits
 * come back (a test-run email was never debited), and running it again changes nothing.
 */
export async function failUnsentEmail(options: {
  email: Email;
  domain: string;
  /** A code or sentence for the event's `reason`. */
  reason: string;
  /** A longer explanation, when `reason` is a code. */
  message?: string;
  refundDescription: string;
}) {
  const { email, domain, reason, message } = options;
  return getDb().$transaction(async (tx) => {
    const failed = await tx.emailRecipient.updateManyAndReturn({
      where: { emailId: email.id, status: { in: ["queued", "sending", "deferred"] } },
      data: { status: "failed", lastResponse: (message ?? reason).slice(0, 500), nextAttemptAt: null },
      select: { id: true, email: true },
    });
    for (const recipient of failed) {
      const data = { from: email.from, to: recipient.email, reason, ...(message ? { message } : {}) };
      await recordEmailEvent(tx, { email, domain, recipient, type: "email.failed", data });
    }
    if (failed.length && !email.isTest) {
      await refundCredits(tx, {
        accountId: email.accountId,
        emailId: email.id,
        amount: failed.length,
        description: options.refundDescription,
      });
    }
    const recipients = await tx.emailRecipient.findMany({ where: { emailId: email.id }, select: { status: true } });
    const status = emailStatusFrom(recipients.map((r) => r.status));
    await tx.email.update({ where: { id: email.id }, data: { status } });
    return { status, failed: failed.length };
  });
}
