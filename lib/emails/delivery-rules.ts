import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getTransport } from "@/lib/transports/get-transport";
import { inboxTransport, simulatedOutcome } from "@/lib/transports/inbox-transport";
import type { MailTransport } from "@/lib/transports/transport";
import type { DeliveryRecipient } from "./read-email-for-delivery-sql";
import { emailSendJob } from "./send-email-job";

// The rules both delivery paths apply (deliverEmail, one email; deliverEmails, a batch), so
// the two cannot drift apart on who is attempted, under which Message-ID, by which transport,
// and when a deferred recipient is tried again.

/** An email in one of these is past delivery: its job has nothing left to do. */
export const TERMINAL_EMAIL_STATUSES = new Set(["cancelled", "sent", "delivered", "bounced", "complained", "failed", "suppressed"]);

/** The recipients an attempt is due for at `at`: queued, mid-attempt (cut off), or deferred and due. */
export function dueRecipients(recipients: DeliveryRecipient[], at: Date): DeliveryRecipient[] {
  return recipients.filter(
    (r) => r.status === "queued" || r.status === "sending" || (r.status === "deferred" && (!r.nextAttemptAt || r.nextAttemptAt <= at)),
  );
}

/** A recipient's Message-ID: a re-send keeps the first attempt's, so receivers can drop the duplicate. */
export function attemptMessageId(recipient: { id: string; messageId: string | null }, domain: string): string {
  return recipient.messageId ?? `<${recipient.id}@${domain}>`;
}

/** *.simulator.test and test-run emails never leave the machine, whatever the transport. */
export function transportFor(email: { isTest: boolean }, recipient: { email: string }): MailTransport {
  return email.isTest || simulatedOutcome(recipient.email) ? inboxTransport : getTransport();
}

/**
 * The email's next `email.send` job, due at its earliest deferred recipient's next attempt
 * (none when no recipient is deferred). Keyed by that time, so a run repeated after a crash
 * does not queue it twice.
 */
export async function scheduleRetry(
  email: { id: string; accountId: string },
  recipients: { status: string; nextAttemptAt: Date | null }[],
): Promise<void> {
  const retryAt = recipients
    .filter((r) => r.status === "deferred" && r.nextAttemptAt)
    .map((r) => r.nextAttemptAt!.getTime())
    .sort((a, b) => a - b)[0];
  if (retryAt === undefined) return;
  await enqueueJob(
    emailSendJob,
    { emailId: email.id },
    { runAt: new Date(retryAt), dedupeKey: `email.retry:${email.id}:${retryAt}`, accountId: email.accountId },
  );
}
