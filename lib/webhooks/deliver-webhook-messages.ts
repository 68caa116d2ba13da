import type { Logger } from "pino";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { acquireDeliveryLease, announceLeaseFree, leaseUntil } from "./acquire-delivery-lease";
import { DELIVER_WEBHOOK_JOB_KEY_PREFIX } from "./deliver-webhook-job";
import { recordAttempt, send } from "./deliver-webhook-message";
import { releaseDeliveryLeaseSql } from "./delivery-lease-sql";
import type { MessageForAttempt } from "./read-delivery-state-sql";
import { readDrainTargetsSql, readMessagesForAttemptsSql } from "./read-drain-state-sql";
import { originalEventId } from "./redelivery-id";
import { encodeWebhookBody } from "./serialize-webhook-payload";
import { readWebhookSecret } from "./webhook-secret";

// The poller's batch of `webhooks.deliver` jobs (deliverWebhookMessage is one of them, as
// Inngest runs it). The claimed messages are grouped by webhook; each webhook's group takes the
// webhook's lease once and is sent in event order, one request at a time, each success recorded
// in one statement that hands the lease to the next message (a drain). Webhooks go in parallel.
// Per delivery that leaves one statement beside the request, where a job per delivery had six.

interface Entry {
  index: number;
  attempt: number;
  message: MessageForAttempt;
  log: Logger;
}

const inOrder = (a: Entry, b: Entry) =>
  a.message.createdAt.getTime() - b.message.createdAt.getTime() || (a.message.id < b.message.id ? -1 : a.message.id > b.message.id ? 1 : 0);

/**
 * Delivers the attempts of a batch; returns one entry per item, in order: undefined when the
 * item is done (delivered, recorded as failed with its retry, or skipped as deliverWebhookMessage
 * skips), else the error its job is finished with (JobDeferredError: it comes back soon).
 */
export async function deliverWebhookMessages(items: { messageId: string; attempt: number; log: Logger }[]): Promise<unknown[]> {
  const results: unknown[] = items.map(() => undefined);
  const found = new Map((await readMessagesForAttemptsSql(items)).map((m) => [`${m.id}:${m.forAttempt}`, m]));
  const groups = new Map<string, Entry[]>();
  items.forEach((item, index) => {
    const message = found.get(`${item.messageId}:${item.attempt}`);
    // Gone, no longer pending, a stale attempt or one already made: nothing to do.
    if (!message || message.status !== "pending" || item.attempt !== message.attempts + 1 || message.logged) return;
    const group = groups.get(message.webhookId);
    const entry = { index, attempt: item.attempt, message, log: item.log };
    if (group) group.push(entry);
    else groups.set(message.webhookId, [entry]);
  });
  await Promise.all([...groups.values()].map((group) => drainWebhook(group.sort(inOrder), results)));
  return results;
}

/**
 * One webhook's messages, oldest first, one request at a time. The oldest not yet done takes the
 * lease (waiting as a single attempt would), then it and the ones after it go out under that
 * lease, handed from each success to the next, up to the first message of another run that must
 * go first or the first failure; the rest take the lease again, the same way. Sets each entry's
 * result; an error (the database's) is the result of every entry not yet done.
 */
async function drainWebhook(group: Entry[], results: unknown[]): Promise<void> {
  const webhookId = group[0].message.webhookId;
  let rest = group;
  // Entries recorded (or found needing nothing): their result stays undefined whatever follows.
  const done = new Set<number>();
  while (rest.length) {
    const head = rest[0];
    try {
      // Throws JobDeferredError when the wait is long: the messages left come back.
      await acquireDeliveryLease(head.message);
    } catch (error) {
      for (const e of rest) results[e.index] = error;
      return;
    }
    try {
      rest = await sendUnderLease(webhookId, rest, done);
    } catch (error) {
      // A thrown error keeps the lease with the message in flight: its job runs again soon and
      // takes it back (or it runs out), so no newer message overtakes an attempt whose outcome
      // is unknown.
      for (const e of rest) if (!done.has(e.index)) results[e.index] = error;
      return;
    } finally {
      announceLeaseFree(webhookId);
    }
  }
}

/**
 * With the lease held by `rest[0]`: sends what can go now and gives the lease back (or keeps it
 * on a throw). Returns the entries left to send, from the first one not sent, oldest first;
 * every entry done is added to `done`.
 */
async function sendUnderLease(webhookId: string, rest: Entry[], done: Set<number>): Promise<Entry[]> {
  const head = rest[0];
  const last = rest[rest.length - 1].message;
  const targets = await readDrainTargetsSql({
    webhookId,
    messageIds: rest.map((e) => e.message.id),
    last: { createdAt: last.createdAt, id: last.id },
    at: now(),
    jobKeyPrefix: DELIVER_WEBHOOK_JOB_KEY_PREFIX,
  });
  const { webhook, blocker } = targets;
  // The webhook went with its messages (and its lease): nothing to send.
  if (!webhook) {
    for (const e of rest) done.add(e.index);
    return [];
  }
  // Read after taking the lease: another run may have made an attempt, the webhook may have failed.
  const sendable = rest.filter((e) => {
    const state = targets.messages.get(e.message.id);
    const pending = state?.status === "pending" && state.attempts === e.message.attempts;
    if (!pending) done.add(e.index);
    return pending;
  });
  const release = () => releaseDeliveryLeaseSql(getDb(), { webhookId, messageId: head.message.id });
  if (webhook.status !== "active") {
    await getDb().webhookMessage.updateMany({
      where: { id: { in: sendable.map((e) => e.message.id) }, status: "pending" },
      data: { status: "failed", nextAttemptAt: null },
    });
    for (const e of rest) done.add(e.index);
    await release();
    return [];
  }
  // The lease names the head; when it no longer needs sending, the next one takes the lease.
  if (sendable[0] !== head) {
    await release();
    return sendable;
  }
  // A message of another run older than some of these: they go after it, under a lease taken again.
  const blockedFrom = blocker ? sendable.findIndex((e) => inOrder(e, { message: blocker } as Entry) > 0) : -1;
  const line = blockedFrom < 0 ? sendable : sendable.slice(0, blockedFrom);
  if (!line.length) {
    await release();
    return sendable;
  }
  const secret = readWebhookSecret(webhook);
  for (let next = 0; next < line.length; next++) {
    const { message, attempt, log, index } = line[next];
    const outcome = await send({
      url: webhook.url,
      secret,
      // A redelivery signs with the event's own id, as its first delivery did.
      eventId: originalEventId(message.eventId),
      body: encodeWebhookBody(message.payload),
    });
    const after = line[next + 1]?.message.id ?? null;
    const result = await recordAttempt({
      message,
      accountId: webhook.accountId,
      attempt,
      outcome,
      log,
      handOverTo: after ? { messageId: after, until: leaseUntil(now()) } : null,
    });
    done.add(index);
    if (result.status === "succeeded") continue;
    // A failure gave the lease back (its retry is due later, or the webhook failed): the next
    // one takes it again and reads the webhook again. A success recorded by another run handed
    // it over anyway: given back here (a no-op if it was not).
    if (result.status === "skipped" && after) await releaseDeliveryLeaseSql(getDb(), { webhookId, messageId: after });
    return sendable.slice(next + 1);
  }
  return sendable.slice(line.length);
}
