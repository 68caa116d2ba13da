import { getDb } from "@/lib/db/client";
import { suppressAddress } from "@/lib/suppressions/suppress-address";
import { now } from "@/lib/clock/clock";
import type { Email, EmailRecipient, Prisma } from "@/lib/generated/prisma/client";
import type { DeliveryOutcome } from "@/lib/transports/transport";
import { recordEmailEvents } from "./record-event";
import { nextRetryDelayMs, SOFT_BOUNCE_AFTER_MS } from "./email-status";

/** Records what the receiver said about one recipient: its status, its events, suppressions. */
export async function applyDeliveryOutcome(options: {
  email: Email;
  recipient: EmailRecipient;
  domain: string;
  subject: string;
  outcome: DeliveryOutcome;
}) {
  const { email, recipient, outcome, domain } = options;
  const at = now();
  const attempts = recipient.attempts + 1;
  const base = { email: { ...email, subject: options.subject }, domain, recipient: { id: recipient.id, email: recipient.email } };
  const eventData = { from: email.from, to: recipient.email, subject: options.subject, smtp_response: outcome.message };
  // The first hand-over to a receiver is what analytics count as "sent". A recipient's events
  // of this attempt are written together, in order (sent, then what the receiver said).
  const sent: EventInput[] =
    recipient.attempts === 0 ? [{ type: "email.sent", data: { from: email.from, to: recipient.email, subject: options.subject } }] : [];
  await getDb().$transaction(async (tx) => {
    // Only the attempt in flight takes an outcome: a write run again after its COMMIT landed
    // (retryWhileDatabaseUnavailable) finds the recipient already past `sending` and stops.
    const record = async (data: Prisma.EmailRecipientUpdateManyMutationInput) =>
      (await tx.emailRecipient.updateMany({ where: { id: recipient.id, status: "sending" }, data })).count > 0;
    if (outcome.kind === "delivered" && outcome.relayed) {
      // A smarthost accepted it: `sent`, and `email.delivered` only if a receiver ever says so.
      if (!(await record({ status: "sent", attempts, lastResponse: outcome.message, nextAttemptAt: null }))) return;
      if (sent.length) await recordEmailEvents(tx, { ...base, events: sent });
      return;
    }
    if (outcome.kind === "delivered") {
      const recorded = await record({
        status: outcome.complaint ? "complained" : "delivered",
        attempts,
        deliveredAt: at,
        lastResponse: outcome.message,
        nextAttemptAt: null,
      });
      if (!recorded) return;
      const events: EventInput[] = [...sent, { type: "email.delivered", data: eventData }];
      if (outcome.complaint) events.push({ type: "email.complaint", data: { ...eventData, feedback_type: "abuse" } });
      await recordEmailEvents(tx, { ...base, events });
      // A test run (automation test runs) never touches the account's real state.
      if (outcome.complaint && !email.isTest) {
        await suppressAddress(tx, { accountId: email.accountId, email: recipient.email, reason: "complaint", emailId: email.id });
      }
      return;
    }
    const firstTry = email.scheduledAt ?? email.createdAt;
    const giveUp = outcome.kind === "hard_bounce" || at.getTime() - firstTry.getTime() >= SOFT_BOUNCE_AFTER_MS;
    if (!giveUp) {
      const nextAttemptAt = new Date(at.getTime() + nextRetryDelayMs(attempts));
      if (!(await record({ status: "deferred", attempts, lastResponse: outcome.message, nextAttemptAt }))) return;
      await recordEmailEvents(tx, {
        ...base,
        events: [...sent, { type: "email.deferred", data: { ...eventData, next_attempt_at: nextAttemptAt.toISOString() } }],
      });
      return;
    }
    const type = outcome.kind === "hard_bounce" ? "hard" : "soft";
    if (!(await record({ status: "bounced", attempts, lastResponse: outcome.message, nextAttemptAt: null }))) return;
    await recordEmailEvents(tx, {
      ...base,
      events: [...sent, { type: "email.bounced", data: { ...eventData, bounce: { type, code: outcome.code, message: outcome.message } } }],
    });
    if (type === "hard" && !email.isTest) {
      await suppressAddress(tx, { accountId: email.accountId, email: recipient.email, reason: "hard_bounce", emailId: email.id });
    }
  });
}

type EventInput = Parameters<typeof recordEmailEvents>[1]["events"][number];
