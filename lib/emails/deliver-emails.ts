import { now } from "@/lib/clock/clock";
import { buildDeliveryAttempts, type DeliveryAttempt } from "./build-delivery-attempts";
import { deliverEmail } from "./deliver-email";
import { takeEmailsAndStartAttemptsSql } from "./deliver-emails-sql";
import { finishDeliveredEmails } from "./finish-delivered-emails";
import { handOverAttempts } from "./hand-over-attempts";
import { partitionDeliveryBatch } from "./partition-delivery-batch";
import { recordDeliveryOutcomes } from "./record-delivery-outcomes";

/**
 * The `email.send` job's batch (the poller claims up to `batch.size` due rows into one run):
 * delivers many emails with a few statements for the whole batch instead of about twelve per
 * email, in stages:
 *
 * 1. partitionDeliveryBatch: one read of every email; those off the common path go alone;
 * 2. buildDeliveryAttempts: every message is built (its tracking tokens chosen), up to the
 *    batch's content bound;
 * 3. startDeliveryAttempts: one statement takes the emails (`sending`) and records every
 *    attempt (status `sending`, its Message-ID) with its tracking tokens, before any hand-over
 *    (the exactly-once-per-Message-ID rule of deliverEmail holds);
 * 4. handOverAttempts: the messages are composed, signed (off the main thread) and handed to
 *    the transport at once (its pool bounds the connections);
 * 5. recordDeliveryOutcomes: the receivers' acceptances in one statement for the batch;
 * 6. finishDeliveredEmails: the emails' statuses in one statement, their retries queued;
 * 7. deliverAlone: the emails off the common path, one by one through deliverEmail.
 *
 * An email off the common path (a domain no longer held, a template that will not render, a
 * suppressed recipient, a test run) is delivered on its own by deliverEmail, and an outcome
 * other than an acceptance (deferred, bounced, complaint) is recorded on its own, so one
 * email's trouble holds back nobody else's. An email with large attachments is not read with
 * the batch either: it goes on its own, so a batch holds at most one such email in memory (50
 * emails of 10 MB of attachments each, read at once, would take over a gigabyte of heap), and
 * the messages a batch builds are bounded.
 * Returns one entry per id, in order: undefined when done, else the error that email's job is
 * finished with (retried).
 */
export async function deliverEmails(emailIds: string[]): Promise<unknown[]> {
  const { prepared, alone } = await partitionDeliveryBatch(emailIds);
  // Every message is built before the statement that takes the emails and starts their
  // attempts: an email it does not take (cancelled meanwhile) only wasted its building.
  const built = await buildDeliveryAttempts([...prepared.values()]);
  for (const p of built.overflow) alone.push(emailIds.indexOf(p.row.email.id));
  const failed = built.failed;
  const { taken, sending } = await startDeliveryAttempts(built);
  addFailures(failed, await handOverAttempts(sending));
  // A failed email is still taken: it stays `sending`, and its job retries.
  const candidates = built.batched.filter((p) => taken.has(p.row.email.id) && !failed.has(p.row.email.id));
  const recorded = await recordDeliveryOutcomes(sending, candidates);
  addFailures(failed, recorded.failed);
  const finishing = candidates.filter((p) => !failed.has(p.row.email.id));
  addFailures(failed, await finishDeliveredEmails(finishing, recorded.accepted));
  return deliverAlone(emailIds, alone, failed);
}

/** Takes the batch's emails and starts their attempts in one statement; returns the attempts started. */
async function startDeliveryAttempts(built: Awaited<ReturnType<typeof buildDeliveryAttempts>>) {
  const { taken, started } = await takeEmailsAndStartAttemptsSql({
    emailIds: built.batched.map((p) => p.row.email.id),
    attempts: built.attempts.map((a) => ({ recipientId: a.recipient.id, messageId: a.messageId })),
    tokens: built.tokens,
    at: now(),
  });
  const sending: DeliveryAttempt[] = built.attempts.filter((a) => started.has(a.recipient.id));
  return { taken, sending };
}

/** Keeps each email's first failure. */
function addFailures(failed: Map<string, unknown>, more: Map<string, unknown>) {
  for (const [id, error] of more) if (!failed.has(id)) failed.set(id, error);
}

/** Off the common path: one by one, each failing on its own; then every entry's result. */
async function deliverAlone(emailIds: string[], alone: number[], failed: Map<string, unknown>): Promise<unknown[]> {
  const results: unknown[] = emailIds.map(() => undefined);
  for (const i of alone) {
    try {
      await deliverEmail(emailIds[i]);
    } catch (error) {
      results[i] = error ?? new Error("delivery failed");
    }
  }
  for (const [i, id] of emailIds.entries()) if (failed.has(id) && results[i] === undefined) results[i] = failed.get(id);
  return results;
}
