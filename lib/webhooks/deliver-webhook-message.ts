import type { Logger } from "pino";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { webhooksMayReachPrivate } from "@/lib/config/local-mode";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { readWebhookSecret } from "./webhook-secret";
import { logger } from "@/lib/log/logger";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { RequestFailedError, safePost, type HostResolver } from "./safe-fetch";
import { encodeWebhookBody } from "./serialize-webhook-payload";
import { recordSucceededAttemptSql } from "./record-succeeded-attempt-sql";
import { signWebhook } from "./sign-webhook";
import { redactBody, redactHeaders, redactUrl } from "./redact-delivery-log";
import { originalEventId } from "./redelivery-id";
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from "./retry-schedule";
import { isTestEventId } from "./test-event-id";
import { acquireDeliveryLease, announceLeaseFree } from "./acquire-delivery-lease";
import { releaseDeliveryLeaseSql } from "./delivery-lease-sql";
import { readAttemptTargetSql, readMessageForAttemptSql } from "./read-delivery-state-sql";
import { lockRow } from "@/lib/db/lock-row";

export const WEBHOOK_USER_AGENT = "Mailwright-Webhooks/1";
/** How much of a response body the delivery log keeps. */
export const RESPONSE_BODY_MAX_BYTES = 4096;

export type DeliverResult =
  | { status: "skipped"; reason: string }
  | { status: "succeeded" | "retry" | "failed"; attempt: number; statusCode: number | null; nextRetryAt: Date | null };

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
  /** The URL and headers the request went out with (or would have: refused before sending), redacted. */
  request: { url: string; headers: Record<string, string> };
  /** The response's headers, redacted; null without a response. */
  responseHeaders: Record<string, string> | null;
  /** The response body was longer than the RESPONSE_BODY_MAX_BYTES kept. */
  responseBodyTruncated: boolean;
}

/** Signs and POSTs one message's body to its webhook; every outcome is returned, none thrown. */
export async function send(options: {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  resolve?: HostResolver;
}): Promise<AttemptOutcome> {
  const env = getEnv();
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    // The wall clock, not the application's: the receiver checks the timestamp against its own
    // clock (Standard Webhooks allows five minutes), and a test clock moved days ahead would
    // have every signature refused as too new.
    ...signWebhook({ secret: options.secret, id: options.eventId, timestamp: new Date(), body: options.body }),
  };
  // Replaced by the headers as written (Host, Content-Length and any Authorization included)
  // once the request starts; a request refused before that keeps the ones it would have sent.
  let sentHeaders: Record<string, string> = { ...headers, "Content-Length": String(Buffer.byteLength(options.body)) };
  const request = () => ({ url: redactUrl(options.url), headers: redactHeaders(sentHeaders, options.secret) });
  const started = performance.now();
  try {
    const res = await safePost(options.url, {
      body: options.body,
      headers,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: RESPONSE_BODY_MAX_BYTES,
      allowPrivate: webhooksMayReachPrivate(),
      resolve: options.resolve,
      onRequestHeaders: (written) => {
        sentHeaders = written;
      },
    });
    const durationMs = Math.round(performance.now() - started);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const error = ok
      ? null
      : res.statusCode >= 300 && res.statusCode < 400
        ? `redirect not followed (HTTP ${res.statusCode}${res.location ? ` to ${res.location}` : ""})`
        : `HTTP ${res.statusCode}`;
    return {
      statusCode: res.statusCode,
      error,
      responseBody: redactBody(res.body, options.secret),
      durationMs,
      request: request(),
      responseHeaders: redactHeaders(res.headers, options.secret),
      responseBodyTruncated: res.bodyTruncated,
    };
  } catch (thrown) {
    const durationMs = Math.round(performance.now() - started);
    const error = thrown instanceof RequestFailedError ? thrown.message : `request failed: ${(thrown as Error)?.message ?? thrown}`;
    return {
      statusCode: null,
      error,
      responseBody: null,
      durationMs,
      request: request(),
      responseHeaders: null,
      responseBodyTruncated: false,
    };
  }
}

/**
 * The `webhooks.deliver` job: attempt number `attempt` of one message. Safe to run again: an
 * attempt whose log row exists is not sent twice, and a message that is no longer pending (or
 * whose webhook failed or was deleted) is left alone. Records the attempt, then either marks the
 * message succeeded, enqueues the next attempt at its retry time, or, after the last retry,
 * fails the message and the webhook with every message still pending for it.
 */
export async function deliverWebhookMessage(options: {
  messageId: string;
  attempt: number;
  log?: Logger;
  /** Host resolver for the connect-time address check (tests simulate DNS with it). */
  resolve?: HostResolver;
}): Promise<DeliverResult> {
  const { messageId, attempt } = options;
  const log = options.log ?? logger().child({ job: "webhooks.deliver", messageId, attempt });
  const db = getDb();
  const message = await readMessageForAttemptSql(db, { messageId, attempt });
  if (!message) return { status: "skipped", reason: "message not found (its webhook was deleted)" };
  if (message.status !== "pending") return { status: "skipped", reason: `message already ${message.status}` };
  if (attempt !== message.attempts + 1) return { status: "skipped", reason: `attempt ${attempt} is stale (${message.attempts} made)` };
  if (message.logged) return { status: "skipped", reason: `attempt ${attempt} already made` };

  // One delivery in flight per webhook across every worker, in event order (throws
  // JobDeferredError when the wait is long: the job comes back in a moment).
  await acquireDeliveryLease(message);
  let held = true;
  const release = async () => {
    await releaseDeliveryLeaseSql(db, { webhookId: message.webhookId, messageId: message.id });
    held = false;
  };
  try {
    // Read after waiting: another run may have made this attempt, and the webhook may have
    // failed, moved or gone meanwhile.
    // One statement: the message's state and its webhook.
    const current = await readAttemptTargetSql(db, { messageId });
    if (!current || current.status !== "pending" || current.attempts !== message.attempts) {
      await release();
      return { status: "skipped", reason: `message ${current ? current.status : "deleted"} while waiting` };
    }
    const { webhook } = current;
    if (!webhook) return { status: "skipped", reason: "webhook deleted" };
    if (webhook.status !== "active") {
      await db.webhookMessage.updateMany({
        where: { id: messageId, status: "pending" },
        data: { status: "failed", nextAttemptAt: null },
      });
      await release();
      return { status: "skipped", reason: "webhook has failed; it receives nothing more" };
    }
    const outcome = await send({
      url: webhook.url,
      secret: readWebhookSecret(webhook),
      // A redelivery signs with the event's own id, as its first delivery did.
      eventId: originalEventId(message.eventId),
      body: encodeWebhookBody(message.payload),
      resolve: options.resolve,
    });
    // The lease is given back in the transaction that records the attempt: a last failed retry
    // marks the webhook failed before the next message can take the lease and read its status.
    const result = await recordAttempt({ message, accountId: webhook.accountId, attempt, outcome, log });
    held = false;
    return result;
  } finally {
    // A thrown error keeps the lease: this message's job runs again soon and takes it back (or
    // it runs out), so no newer message overtakes an attempt whose outcome is unknown.
    if (!held) announceLeaseFree(message.webhookId);
  }
}

/**
 * Records an attempt's outcome and gives the webhook's lease back (held by this message), or on
 * a success hands it to `handOverTo`, the webhook's next message in the same run.
 */
export async function recordAttempt(options: {
  message: { id: string; webhookId: string; eventId: string; eventType: string };
  accountId: string;
  attempt: number;
  outcome: AttemptOutcome;
  log: Logger;
  handOverTo?: { messageId: string; until: Date } | null;
}): Promise<DeliverResult> {
  const { message, attempt, outcome } = options;
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const at = now();
  const delay = ok ? null : webhookRetryDelayMs(attempt);
  const nextRetryAt = delay === null ? null : new Date(at.getTime() + delay);

  // The common case needs no transaction nor row lock: one statement marks the message
  // succeeded and writes its log row (a second run of this attempt writes nothing).
  if (ok) {
    const recorded = await recordSucceededAttemptSql({
      deliveryId: newId("dlv"),
      webhookId: message.webhookId,
      messageId: message.id,
      attempt,
      statusCode: outcome.statusCode!,
      durationMs: outcome.durationMs,
      responseBody: outcome.responseBody,
      requestUrl: outcome.request.url,
      requestHeaders: outcome.request.headers,
      responseHeaders: outcome.responseHeaders,
      responseBodyTruncated: outcome.responseBodyTruncated,
      at,
      handOverTo: options.handOverTo,
    });
    return recorded
      ? { status: "succeeded", attempt, statusCode: outcome.statusCode, nextRetryAt: null }
      : { status: "skipped", reason: `attempt ${attempt} recorded by another run (or the message was deleted)` };
  }

  // A failed attempt: the retry (or the end of the message, and maybe of its webhook) is decided
  // under the message's row lock.
  let webhookFailed = false;
  const result = await getDb().$transaction(async (tx): Promise<DeliverResult> => {
    // Webhook row first (as a delete does, then its messages): the lease goes back with the record.
    await releaseDeliveryLeaseSql(tx, { webhookId: message.webhookId, messageId: message.id });
    // The row lock orders two runs of one attempt: the second finds the first one's log row.
    const locked = await lockRow(tx, "WebhookMessage", { id: message.id }, ["status"]);
    if (!locked) return { status: "skipped", reason: "message deleted during the attempt" };
    const existing = await tx.webhookDelivery.findFirst({ where: { messageId: message.id, attempt }, select: { id: true } });
    if (existing) return { status: "skipped", reason: `attempt ${attempt} recorded by another run` };
    // Still pending unless its webhook failed meanwhile: then no retry, whatever happened here.
    const pending = locked.status === "pending";
    // A test event from the dashboard is one attempt: no retries, and it never fails the webhook.
    const testEvent = isTestEventId(message.eventId);
    const retryAt = pending && !testEvent ? nextRetryAt : null;
    await tx.webhookDelivery.create({
      data: {
        id: newId("dlv"),
        webhookId: message.webhookId,
        messageId: message.id,
        eventId: message.eventId,
        eventType: message.eventType,
        attempt,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        responseBody: outcome.responseBody,
        requestUrl: outcome.request.url,
        requestHeaders: outcome.request.headers,
        responseHeaders: outcome.responseHeaders ?? Prisma.DbNull,
        responseBodyTruncated: outcome.responseBodyTruncated,
        nextRetryAt: retryAt,
        createdAt: at,
      },
    });
    if (retryAt) {
      await tx.webhookMessage.update({ where: { id: message.id }, data: { attempts: attempt, nextAttemptAt: retryAt, updatedAt: at } });
      await enqueueJob(
        deliverWebhookJob,
        { messageId: message.id, attempt: attempt + 1 },
        {
          tx,
          runAt: retryAt,
          dedupeKey: deliverWebhookJobKey(message.id, attempt + 1),
          accountId: options.accountId,
        },
      );
      return { status: "retry", attempt, statusCode: outcome.statusCode, nextRetryAt: retryAt };
    }
    await tx.webhookMessage.update({
      where: { id: message.id },
      data: { status: "failed", attempts: attempt, nextAttemptAt: null, updatedAt: at },
    });
    if (pending && !testEvent && attempt >= WEBHOOK_MAX_ATTEMPTS) {
      // The spec's transition: after the 5th retry fails the webhook is failed and gets nothing more.
      webhookFailed = true;
      await tx.webhook.updateMany({ where: { id: message.webhookId, status: "active" }, data: { status: "failed", failedAt: at } });
      await tx.webhookMessage.updateMany({
        where: { webhookId: message.webhookId, status: "pending" },
        data: { status: "failed", nextAttemptAt: null, updatedAt: at },
      });
    }
    return { status: "failed", attempt, statusCode: outcome.statusCode, nextRetryAt: null };
  });
  if (result.status === "failed")
    options.log.warn(
      { webhookId: message.webhookId, eventId: message.eventId },
      webhookFailed ? "webhook delivery failed for good; webhook marked failed" : "webhook delivery failed for good (not retried)",
    );
  else if (result.status === "retry")
    options.log.info({ webhookId: message.webhookId, error: outcome.error, nextRetryAt }, "webhook attempt failed; retry scheduled");
  return result;
}
