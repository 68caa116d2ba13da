import type { Logger } from "pino";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { JobDeferredError } from "@/lib/jobs/job-errors";
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

/** A message another run must send first: the ones after it come back this soon. */
const BLOCKED_DELAY_MS = 200;

interface Entry {
  index: number;
  attempt: number;
  message: MessageForAttempt;
  log: Logger;
}

const inOrder = (a: Entry, b: Entry) =>
  a.message.createdAt.getTime() - b.message.createdAt.getTime() || (a.message.id < b.message.id ? -1 : a.message.id > b.message.id ? 1 : 0);

const deferred = (reason: string) => new JobDeferredError(reason, BLOCKED_DELAY_MS * (1 + Math.random()));

/**
 * Delivers the attempts of a batch; returns one entry per item, in order: undefined when the
 * item is done (delivered, recorded as failed with its retry, or skipped as deliverWebhookMessage
 * skips), else the error its job is finished with (JobDeferredError: it comes back soon).
 */
export async function deliverWebhookMessages(items: { messageId: string; attempt: number; log: Logger }[]): Promise<unknown[]> {
  const results: unknown[] = items.map(() => undefined);
  const found = new Map((await readMessagesForAttemptsSql(items)).map((m) => [m.id, m]));
  const groups = new Map<string, Entry[]>();
  items.forEach((item, index) => {
    const message = found.get(item.messageId);
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
 * One webhook's messages, oldest first: under one lease, each sent after the one before it.
 * Sets each entry's result; an error (the database's) is the result of every entry not yet done.
 */
async function drainWebhook(group: Entry[], results: unknown[]): Promise<void> {
  const head = group[0].message;
  const webhookId = head.webhookId;
  const done = new Set<number>();
  try {
    // Throws JobDeferredError when the wait is long: every message of the group comes back.
    await acquireDeliveryLease(head);
  } catch (error) {
    for (const e of group) results[e.index] = error;
    return;
  }
  // The message the lease names; null once given back.
  let holder: string | null = head.id;
  try {
    const last = group[group.length - 1].message;
    const targets = await readDrainTargetsSql({
      webhookId,
      messageIds: group.map((e) => e.message.id),
      last: { createdAt: last.createdAt, id: last.id },
      at: now(),
      jobKeyPrefix: DELIVER_WEBHOOK_JOB_KEY_PREFIX,
    });
    const { webhook, blocker } = targets;
    // The webhook went with its messages (and its lease): nothing to send.
    if (!webhook) {
      holder = null;
      return;
    }
    // Read after taking the lease: another run may have made an attempt, the webhook may have failed.
    const sendable = group.filter((e) => {
      const state = targets.messages.get(e.message.id);
      return state?.status === "pending" && state.attempts === e.message.attempts;
    });
    if (webhook.status !== "active") {
      await getDb().webhookMessage.updateMany({
        where: { id: { in: sendable.map((e) => e.message.id) }, status: "pending" },
        data: { status: "failed", nextAttemptAt: null },
      });
      return;
    }
    // A message of another run older than some of these: those wait for it (come back soon).
    const blockedFrom = blocker ? sendable.findIndex((e) => inOrder(e, { message: blocker } as Entry) > 0) : -1;
    const line = blockedFrom < 0 ? sendable : sendable.slice(0, blockedFrom);
    for (const e of blockedFrom < 0 ? [] : sendable.slice(blockedFrom))
      results[e.index] = deferred(`an older message of webhook ${webhookId} goes first`);
    // The lease names the head; when the head no longer needs sending, the rest come back.
    if (!line.length || line[0].message.id !== head.id) {
      for (const e of line) results[e.index] = deferred(`webhook ${webhookId}'s line changed while waiting`);
      return;
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
      if (result.status === "succeeded") {
        holder = after;
        continue;
      }
      // A failure gave the lease back (a retry later, or the webhook failed): the rest come back
      // and read the webhook again. A success recorded by another run handed it over anyway
      // (giving it back from `after` is a no-op when it did not).
      holder = result.status === "skipped" ? after : null;
      for (const e of line.slice(next + 1)) results[e.index] = deferred(`webhook ${webhookId}: message ${message.id} did not succeed`);
      return;
    }
  } catch (error) {
    // A thrown error keeps the lease with the message in flight: its job runs again soon and
    // takes it back (or it runs out), so no newer message overtakes an attempt whose outcome is unknown.
    for (const e of group) if (!done.has(e.index)) results[e.index] = error;
    holder = null;
  } finally {
    if (holder) await releaseDeliveryLeaseSql(getDb(), { webhookId, messageId: holder });
    announceLeaseFree(webhookId);
  }
}
