import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { signingKeyFromRow, type DkimSigningKey } from "@/lib/domains/get-signing-key";
import { getTransport } from "@/lib/transports/get-transport";
import { inboxTransport, simulatedOutcome } from "@/lib/transports/inbox-transport";
import type { DeliveryOutcome, OutgoingMessage } from "@/lib/transports/transport";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { retryWhileDatabaseUnavailable } from "@/lib/db/retry-while-unavailable";
import { isSandboxFrom } from "@/lib/sandbox/sandbox-address";
import { getSandboxSigningKey } from "@/lib/sandbox/get-sandbox-signing-key";
import { TemplateTooComplexError } from "@/lib/templates/render";
import type { RecipientStatus } from "@/lib/generated/prisma/enums";
import { domainOf, parseSenderAddress } from "./addresses";
import { applyDeliveryOutcome } from "./apply-delivery-outcome";
import { buildRecipientMessage, type NewTrackingToken } from "./build-recipient-message";
import { deliverEmail, TERMINAL_EMAIL_STATUSES } from "./deliver-email";
import {
  finishEmailsSql,
  readRecipientStatusesSql,
  recordAcceptedAttemptsSql,
  recordAcceptedSql,
  takeEmailsAndStartAttemptsSql,
  type AcceptedEvent,
  type FinishedEmail,
} from "./deliver-emails-sql";
import { counterRowOf } from "@/lib/analytics/record-event-counters";
import { newId } from "@/lib/db/ids";
import { emailStatusFrom } from "./email-status";
import { readEmailsForDeliverySql, type DeliveryRecipient, type EmailForDelivery } from "./read-email-for-delivery-sql";
import { recordManyEmailEvents } from "./record-event";
import { renderEmailContent } from "./render-email-content";
import { emailSendJob } from "./send-email-job";

interface Prepared {
  row: EmailForDelivery;
  domain: string;
  dkim: DkimSigningKey;
  content: ReturnType<typeof renderEmailContent>;
  due: DeliveryRecipient[];
}

interface Attempt {
  prepared: Prepared;
  recipient: DeliveryRecipient;
  messageId: string;
  message: OutgoingMessage;
  outcome?: DeliveryOutcome;
}

/** Stored attachments and relayed MIME past this size (as stored, compressed) take an email out of the batch read. */
const BATCH_ATTACHMENTS_MAX_BYTES = 256 * 1024;

/**
 * The content a batch builds at most before its hand-over: each email's rendered html, text,
 * attachments and relayed MIME, once per due recipient (each recipient's message is a copy with
 * its own tracking). An email that would pass it (a 2 MB body to 150 recipients is 600 MB) is
 * delivered on its own, one recipient at a time, after the batch.
 */
const BATCH_CONTENT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The `email.send` job's batch (the poller claims up to `batch.size` due rows into one run):
 * delivers many emails with a few statements for the whole batch instead of about twelve per
 * email. One read of every email; every message is built (its tracking tokens chosen), then
 * one statement takes the emails (`sending`) and records every attempt (status `sending`, its
 * Message-ID) with its tracking tokens, before any hand-over (the exactly-once-per-Message-ID
 * rule of deliverEmail holds); the messages are composed, signed (off the main thread) and
 * handed to the transport at once (its pool bounds the connections); the
 * receivers' acceptances are written in one transaction for the batch; the emails' statuses in
 * one statement.
 *
 * An email off the common path (a domain no longer held, a template that will not render, a
 * suppressed recipient, a test run) is delivered on its own by deliverEmail, and an outcome
 * other than an acceptance (deferred, bounced, complaint) is recorded on its own, so one
 * email's trouble holds back nobody else's. An email with large attachments is not read with
 * the batch either: it goes on its own, so a batch holds at most one such email in memory (50
 * emails of 10 MB of attachments each, read at once, would take over a gigabyte of heap), and
 * the messages a batch builds are bounded (BATCH_CONTENT_MAX_BYTES).
 * Returns one entry per id, in order: undefined when done, else the error that email's job is
 * finished with (retried).
 */
export async function deliverEmails(emailIds: string[]): Promise<unknown[]> {
  const results: unknown[] = emailIds.map(() => undefined);
  const { rows, large } = await readEmailsForDeliverySql(emailIds, { maxBytes: BATCH_ATTACHMENTS_MAX_BYTES });
  const seen = new Set<string>();
  const alone: number[] = [];
  const prepared = new Map<string, Prepared>();
  for (const [i, id] of emailIds.entries()) {
    if (large.has(id)) {
      if (!seen.has(id)) alone.push(i);
      seen.add(id);
      continue;
    }
    const row = rows.get(id);
    // A second job of the same email in this batch: the first one delivers it.
    if (!row || seen.has(id) || TERMINAL_EMAIL_STATUSES.has(row.email.status)) continue;
    seen.add(id);
    const ready = await prepare(row).catch(() => null);
    if (ready) prepared.set(id, ready);
    else alone.push(i);
  }

  // Every message is built before the statement that takes the emails and starts
  // their attempts: an email it does not take (cancelled meanwhile) only wasted its building.
  const attempts: Attempt[] = [];
  const tokens: NewTrackingToken[] = [];
  const failedEmails = new Map<string, unknown>();
  let contentBytes = 0;
  for (const [id, p] of prepared) {
    const bytes = builtBytes(p);
    if (contentBytes + bytes > BATCH_CONTENT_MAX_BYTES) {
      prepared.delete(id);
      alone.push(emailIds.indexOf(id));
      continue;
    }
    contentBytes += bytes;
    const own: NewTrackingToken[] = [];
    try {
      const built: Attempt[] = [];
      for (const recipient of p.due) {
        // A re-send keeps the first attempt's Message-ID.
        const messageId = recipient.messageId ?? `<${recipient.id}@${p.domain}>`;
        const message = await buildRecipientMessage({
          email: p.row.email,
          recipient,
          messageId,
          content: p.content,
          domain: p.domain,
          dkim: p.dkim,
          tracking: { opens: p.row.account.trackOpens, clicks: p.row.account.trackClicks },
          collectTokens: (t) => own.push(...t),
        });
        built.push({ prepared: p, recipient, messageId, message });
      }
      attempts.push(...built);
      tokens.push(...own);
    } catch (error) {
      failedEmails.set(id, error);
    }
  }
  // A failed email is still taken (it stays `sending`; its job retries), as before.
  const { taken, started } = await takeEmailsAndStartAttemptsSql({
    emailIds: [...prepared.keys()],
    attempts: attempts.map((a) => ({ recipientId: a.recipient.id, messageId: a.messageId })),
    tokens,
    at: now(),
  });
  const sending = attempts.filter((a) => started.has(a.recipient.id));

  // Every hand-over at once: the transport's pool sends them over its connections.
  const handed = await Promise.allSettled(
    sending.map(async (a) => {
      // *.simulator.test never leaves the machine, whatever the transport.
      const transport = simulatedOutcome(a.recipient.email) ? inboxTransport : getTransport();
      a.outcome = await transport.send(a.message);
    }),
  );
  handed.forEach((h, i) => {
    const id = sending[i].prepared.row.email.id;
    if (h.status === "rejected" && !failedEmails.has(id)) failedEmails.set(id, h.reason ?? new Error("the transport failed"));
  });

  // The receivers have the messages now: losing their outcomes to a database blip would send
  // them again on the retry, so the writes wait out a short outage instead of failing the jobs.
  const answered = sending.filter((a) => a.outcome);
  const accepted = answered.filter((a) => a.outcome!.kind === "delivered" && !(a.outcome as { complaint?: boolean }).complaint);
  // The batch's acceptances in one statement; those of an account with webhooks to fan out in
  // one transaction. Should either fail (not an outage: a row's own fault), each is recorded on
  // its own below, so the one at fault fails alone.
  const candidates = [...prepared.values()].filter((p) => taken.has(p.row.email.id) && !failedEmails.has(p.row.email.id));
  // The emails whose every attempt was accepted: the acceptances' statement finishes each of
  // them whose every attempt it records, in the same update as its lastEvent.
  const notAccepted = new Set(sending.filter((a) => !accepted.includes(a)).map((a) => a.prepared.row.email.id));
  const alsoAlone = new Set<Attempt>();
  const fast = accepted.length
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
  const hooked = fast ? accepted.filter((a) => fast.hooked.has(a.prepared.row.email.accountId)) : [];
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
      if (!failedEmails.has(email.id)) failedEmails.set(email.id, error);
    });
  }

  // Each email's status from its recipients' (a failed email's job retries: it stays sending).
  // Those the acceptances' statement finished have their statuses from it; the others' are
  // read now, after their outcomes above were written, and set in one statement.
  const finished = fast?.finished ?? new Set<string>();
  const finishing = candidates.filter((p) => !failedEmails.has(p.row.email.id));
  const statuses = [
    ...(fast?.statuses.filter((r) => finished.has(r.emailId)) ?? []),
    ...(await readRecipientStatusesSql(finishing.map((p) => p.row.email.id).filter((id) => !finished.has(id)))),
  ];
  const byEmail = new Map<string, { status: string; nextAttemptAt: Date | null }[]>();
  for (const r of statuses) byEmail.set(r.emailId, [...(byEmail.get(r.emailId) ?? []), r]);
  await finishEmailsSql({
    at: now(),
    emails: finishing
      .filter((p) => !finished.has(p.row.email.id))
      .map((p) => ({
        ...finishedEmail(p),
        status: emailStatusFrom((byEmail.get(p.row.email.id) ?? []).map((r) => r.status as RecipientStatus)),
      })),
  });
  for (const p of finishing) {
    const retryAt = (byEmail.get(p.row.email.id) ?? [])
      .filter((r) => r.status === "deferred" && r.nextAttemptAt)
      .map((r) => r.nextAttemptAt!.getTime())
      .sort((a, b) => a - b)[0];
    if (retryAt === undefined) continue;
    const emailId = p.row.email.id;
    await enqueueJob(
      emailSendJob,
      { emailId },
      { runAt: new Date(retryAt), dedupeKey: `email.retry:${emailId}:${retryAt}`, accountId: p.row.email.accountId },
    ).catch((error: unknown) => failedEmails.set(emailId, error));
  }

  // Off the common path: one by one, each failing on its own.
  for (const i of alone) {
    try {
      await deliverEmail(emailIds[i]);
    } catch (error) {
      results[i] = error ?? new Error("delivery failed");
    }
  }
  for (const [i, id] of emailIds.entries()) if (failedEmails.has(id) && results[i] === undefined) results[i] = failedEmails.get(id);
  return results;
}

/** About what building an email's messages holds: its content once per due recipient. */
function builtBytes(p: Prepared): number {
  const { email } = p.row;
  const attachments = email.attachments ? JSON.stringify(email.attachments).length : 0;
  const content = (p.content.html?.length ?? 0) + (p.content.text?.length ?? 0) + (email.rawMime?.length ?? 0) + attachments;
  return content * p.due.length;
}

/** What an email's finish keeps: the subject as sent, and a template's rendering (the record of the email). */
function finishedEmail(p: Prepared): FinishedEmail {
  const keepBody = Boolean(p.row.email.templateId);
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
 * What the common path needs of one email, or null when it is off that path (deliverEmail
 * handles it: the failures, suppressions and test runs it records one by one).
 */
async function prepare(row: EmailForDelivery): Promise<Prepared | null> {
  const { email, domain: domainRow, template } = row;
  if (email.isTest) return null;
  const domain = domainOf(parseSenderAddress(email.from)?.address ?? email.from);
  const sandbox = !email.domainId && isSandboxFrom(email.from);
  if (!sandbox && (!domainRow || domainRow.accountId !== email.accountId || domainRow.status !== "verified")) return null;
  const at = now();
  const due = row.recipients.filter(
    (r) => r.status === "queued" || r.status === "sending" || (r.status === "deferred" && (!r.nextAttemptAt || r.nextAttemptAt <= at)),
  );
  if (due.some((r) => r.suppressed)) return null;
  let content: ReturnType<typeof renderEmailContent>;
  try {
    content = renderEmailContent(email, template);
  } catch (error) {
    if (error instanceof TemplateTooComplexError) return null;
    throw error;
  }
  const dkim = sandbox ? await getSandboxSigningKey() : signingKeyFromRow(domainRow!);
  return { row, domain, dkim, content, due };
}

/**
 * The acceptances of a batch in one statement (recordAcceptedAttemptsSql): the recipients'
 * statuses (only the attempts still in flight), their events (`email.sent` on a first attempt,
 * `email.delivered` unless a smarthost took it), each email's lastEvent and the counters.
 */
async function recordAcceptedAttempts(accepted: Attempt[], emailIds: string[], finish: FinishedEmail[]) {
  const written: (Omit<AcceptedEvent, "counter"> & { row: ReturnType<typeof counterRowOf> })[] = [];
  for (const a of accepted) {
    const { email } = a.prepared.row;
    const base = { from: email.from, to: a.recipient.email, subject: a.prepared.content.subject };
    const types: [AcceptedEvent["type"], Record<string, unknown>][] = [];
    if (a.recipient.attempts === 0) types.push(["email.sent", base]);
    if (!(a.outcome as { relayed?: boolean }).relayed) types.push(["email.delivered", { ...base, smtp_response: a.outcome!.message }]);
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
      status: (a.outcome as { relayed?: boolean }).relayed ? "sent" : "delivered",
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
async function recordAccepted(accepted: Attempt[]) {
  if (!accepted.length) return;
  const at = now();
  await getDb().$transaction(async (tx) => {
    const recorded = await recordAcceptedSql(tx, {
      at,
      outcomes: accepted.map((a) => ({
        recipientId: a.recipient.id,
        status: (a.outcome as { relayed?: boolean }).relayed ? "sent" : "delivered",
        response: a.outcome!.message,
      })),
    });
    const groups = accepted
      .filter((a) => recorded.has(a.recipient.id))
      .map((a) => {
        const { email } = a.prepared.row;
        const subject = a.prepared.content.subject;
        const outcome = a.outcome!;
        const sent =
          a.recipient.attempts === 0 ? [{ type: "email.sent" as const, data: { from: email.from, to: a.recipient.email, subject } }] : [];
        const delivered = (outcome as { relayed?: boolean }).relayed
          ? []
          : [
              {
                type: "email.delivered" as const,
                data: { from: email.from, to: a.recipient.email, subject, smtp_response: outcome.message },
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
