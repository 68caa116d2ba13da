import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { newId } from "@/lib/db/ids";
import { retryWhileDatabaseUnavailable } from "@/lib/db/retry-while-unavailable";
import { counterRowOf } from "@/lib/analytics/record-event-counters";
import { applyDeliveryOutcome } from "./apply-delivery-outcome";
import type { DeliveryAttempt } from "./build-delivery-attempts";
import { recordAcceptedAttemptsSql, recordAcceptedSql, type AcceptedEvent, type FinishedEmail } from "./deliver-emails-sql";
import type { PreparedEmail } from "./partition-delivery-batch";
import { recordManyEmailEvents } from "./record-event";
import { keepsRenderedBody } from "./render-email-content";

/** What the acceptances' statement reports: the accounts it left out, the emails it finished and their recipients' statuses. */
export type AcceptedRecord = Awaited<ReturnType<typeof recordAcceptedAttemptsSql>>;

const isRelayed = (a: DeliveryAttempt) => Boolean((a.outcome as { relayed?: boolean }).relayed);

/**
 * Records the receivers' answers of a batch's attempts. The receivers have the messages now:
 * losing their outcomes to a database blip would send them again on the retry, so the writes
 * wait out a short outage instead of failing the jobs. The acceptances in one statement, which
 * also finishes each of `candidates` whose every attempt was accepted (the same update as its
 * lastEvent); those of an account with webhooks to fan out in one transaction. Should either
 * fail (not an outage: a row's own fault), each is recorded on its own, so the one at fault
 * fails alone; so is every other outcome (deferred, bounced, complaint).
 * Returns the acceptances' record (null when none was written) and, per email, the first
 * outcome write that failed.
 */
export async function recordDeliveryOutcomes(
  sending: DeliveryAttempt[],
  candidates: PreparedEmail[],
): Promise<{ accepted: AcceptedRecord | null; failed: Map<string, unknown> }> {
  const failed = new Map<string, unknown>();
  const answered = sending.filter((a) => a.outcome);
  const accepted = answered.filter((a) => a.outcome!.kind === "delivered" && !(a.outcome as { complaint?: boolean }).complaint);
  const notAccepted = new Set(sending.filter((a) => !accepted.includes(a)).map((a) => a.prepared.row.email.id));
  const alsoAlone = new Set<DeliveryAttempt>();
  const record = accepted.length
    ? await retryWhileDatabaseUnavailable(() =>
        recordAcceptedAttempts(
          accepted,
          candidates.map((p) => p.row.email.id),
          candidates.filter((p) => !notAccepted.has(p.row.email.id)).map(finishedEmail),
        ),
      ).catch(() => {
        for (const a of accepted) alsoAlone.add(a);
        return null;
      })
    : null;
  const hooked = record ? accepted.filter((a) => record.hooked.has(a.prepared.row.email.accountId)) : [];
  if (hooked.length) {
    await retryWhileDatabaseUnavailable(() => recordAccepted(hooked)).catch(() => {
      for (const a of hooked) alsoAlone.add(a);
    });
  }
  for (const a of answered) {
    if (accepted.includes(a) && !alsoAlone.has(a)) continue;
    const { email } = a.prepared.row;
    await retryWhileDatabaseUnavailable(() =>
      applyDeliveryOutcome({
        email,
        recipient: a.recipient,
        domain: a.prepared.domain,
        subject: a.prepared.content.subject,
        outcome: a.outcome!,
      }),
    ).catch((error: unknown) => {
      if (!failed.has(email.id)) failed.set(email.id, error);
    });
  }
  return { accepted: record, failed };
}

/** What an email's finish keeps: the subject as sent, and a template's or broadcast's rendering (the record of the email). */
export function finishedEmail(p: PreparedEmail): FinishedEmail {
  const keepBody = keepsRenderedBody(p.row.email);
  // A sender's own body is stored already: not sent back with every finish.
  return {
    id: p.row.email.id,
    subject: p.content.subject,
    html: keepBody ? p.content.html : null,
    text: keepBody ? p.content.text : null,
    keepBody,
  };
}

/**
 * The acceptances of a batch in one statement (recordAcceptedAttemptsSql): the recipients'
 * statuses (only the attempts still in flight), their events (`email.sent` on a first attempt,
 * `email.delivered` unless a smarthost took it), each email's lastEvent and the counters.
 */
async function recordAcceptedAttempts(accepted: DeliveryAttempt[], emailIds: string[], finish: FinishedEmail[]) {
  const written: (Omit<AcceptedEvent, "counter"> & { row: ReturnType<typeof counterRowOf> })[] = [];
  for (const a of accepted) {
    const { email } = a.prepared.row;
    const base = { from: email.from, to: a.recipient.email, subject: a.prepared.content.subject };
    const types: [AcceptedEvent["type"], Record<string, unknown>][] = [];
    if (a.recipient.attempts === 0) types.push(["email.sent", base]);
    if (!isRelayed(a)) types.push(["email.delivered", { ...base, smtp_response: a.outcome!.message }]);
    for (const [type, data] of types) {
      const event = {
        id: newId("evt"),
        accountId: email.accountId,
        emailId: email.id,
        recipientId: a.recipient.id,
        recipient: a.recipient.email,
        type,
        data,
        tags: email.tags ?? [],
        automationId: email.automationId,
        domain: a.prepared.domain,
        createdAt: now(),
      };
      written.push({ ...event, row: counterRowOf(event) });
    }
  }
  // The counter rows in the order of their keys (see counterRowOf), each event naming its own.
  const keys = [...new Set(written.map((e) => e.row.key))].sort();
  const index = new Map(keys.map((key, i) => [key, i]));
  const rows = new Map(written.map((e) => [e.row.key, e.row]));
  const events = written.map(({ row, ...event }) => ({ ...event, counter: index.get(row.key)! }));
  const counters = keys.map((key) => rows.get(key)!);
  return recordAcceptedAttemptsSql({
    outcomes: accepted.map((a) => ({
      recipientId: a.recipient.id,
      emailId: a.prepared.row.email.id,
      status: isRelayed(a) ? "sent" : "delivered",
      response: a.outcome!.message,
    })),
    events,
    counters,
    emailIds,
    finish,
    at: now(),
  });
}

/**
 * The acceptances of a batch in one transaction (accounts with webhooks: their deliveries are
 * fanned out with the events): the recipients' statuses (only the attempts
 * still in flight), then their events (`email.sent` on a first attempt, `email.delivered`
 * unless a smarthost took it) with counters and webhook fan-out, all in one statement.
 */
async function recordAccepted(accepted: DeliveryAttempt[]) {
  if (!accepted.length) return;
  const at = now();
  await getDb().$transaction(async (tx) => {
    const recorded = await recordAcceptedSql(tx, {
      at,
      outcomes: accepted.map((a) => ({
        recipientId: a.recipient.id,
        status: isRelayed(a) ? "sent" : "delivered",
        response: a.outcome!.message,
      })),
    });
    const groups = accepted
      .filter((a) => recorded.has(a.recipient.id))
      .map((a) => {
        const { email } = a.prepared.row;
        const subject = a.prepared.content.subject;
        const sent =
          a.recipient.attempts === 0 ? [{ type: "email.sent" as const, data: { from: email.from, to: a.recipient.email, subject } }] : [];
        const delivered = isRelayed(a)
          ? []
          : [
              {
                type: "email.delivered" as const,
                data: { from: email.from, to: a.recipient.email, subject, smtp_response: a.outcome!.message },
              },
            ];
        return {
          email: { ...email, subject },
          domain: a.prepared.domain,
          recipient: { id: a.recipient.id, email: a.recipient.email },
          events: [...sent, ...delivered],
        };
      });
    await recordManyEmailEvents(tx, groups);
  });
}
