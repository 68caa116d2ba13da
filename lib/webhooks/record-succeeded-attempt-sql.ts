import { hotQuery } from "@/lib/db/hot-query";

/**
 * Records a successful attempt in one statement, without a transaction: the message becomes
 * `succeeded` and its log row is written from the same UPDATE's result. The `attempts` guard
 * makes a second run of the same attempt a no-op: the UPDATE's row lock orders the two runs,
 * and the second one, re-checking the row after the first committed, finds `attempts` already
 * moved on (false is returned; nothing is logged twice). The webhook's delivery lease, held by this
 * message, is given back in the same statement, Webhook row first as everywhere else (the
 * message update reads the lease update's result, so it runs after it); or, with `handOverTo`,
 * it passes to the webhook's next message of the same run (a drain), so the lease always names
 * the message in flight, whose job takes it back if this worker dies.
 *
 * It commits without waiting for the WAL flush (`synchronous_commit = off` for this statement's
 * own transaction only): the flush was about 1 ms of every delivery's turn, and what a
 * PostgreSQL crash can lose here is a success recorded in its last few hundred ms. That is the
 * webhook's own contract, at least once: the message is pending again and is sent again with
 * the same `webhook-id`, which receivers dedupe on. Nothing later can outlive it: a commit that
 * waits for its flush (the job's finish) flushes every WAL record before it, this one included.
 */
export async function recordSucceededAttemptSql(p: {
  deliveryId: string;
  webhookId: string;
  messageId: string;
  attempt: number;
  statusCode: number;
  durationMs: number;
  responseBody: string | null;
  requestUrl: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string> | null;
  responseBodyTruncated: boolean;
  at: Date;
  handOverTo?: { messageId: string; until: Date } | null;
}): Promise<boolean> {
  const rows = await hotQuery<{ id: string }>(
    "webhooks_record_succeeded_attempt",
    `WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS "setting"),
     lease AS (
       UPDATE "Webhook" SET "deliveringMessageId" = $9::text, "deliveringUntil" = $10::timestamp(3)
       WHERE "id" = $2 AND "deliveringMessageId" = $3
       RETURNING "id"
     ),
     updated AS (
       UPDATE "WebhookMessage"
       SET "status" = 'succeeded', "attempts" = $4::int, "nextAttemptAt" = NULL, "updatedAt" = $8::timestamp(3)
       WHERE "id" = $3 AND "attempts" = $4::int - 1 AND (SELECT count(*) FROM lease) >= 0
         AND (SELECT "setting" FROM relaxed) IS NOT NULL
       RETURNING "id", "webhookId", "eventId", "eventType"
     )
     INSERT INTO "WebhookDelivery"
       ("id", "webhookId", "messageId", "eventId", "eventType", "attempt", "statusCode", "durationMs", "error", "responseBody",
        "responseBodyTruncated", "requestUrl", "requestHeaders", "responseHeaders", "nextRetryAt", "createdAt")
     SELECT $1::text, "webhookId", "id", "eventId", "eventType", $4::int, $5::int, $6::int, NULL, $7::text,
       $11::boolean, $12::text, $13::jsonb, $14::jsonb, NULL, $8::timestamp(3)
     FROM updated
     RETURNING "id"`,
    [
      p.deliveryId,
      p.webhookId,
      p.messageId,
      p.attempt,
      p.statusCode,
      p.durationMs,
      p.responseBody,
      p.at,
      p.handOverTo?.messageId ?? null,
      p.handOverTo?.until ?? null,
      p.responseBodyTruncated,
      p.requestUrl,
      JSON.stringify(p.requestHeaders),
      p.responseHeaders ? JSON.stringify(p.responseHeaders) : null,
    ],
  );
  return rows.length > 0;
}
