import type { Db } from "@/lib/db/client";

/**
 * Records a successful attempt in one statement, without a transaction: the message becomes
 * `succeeded` and its log row is written from the same UPDATE's result. The `attempts` guard
 * makes a second run of the same attempt a no-op: the UPDATE's row lock orders the two runs,
 * and the second one, re-checking the row after the first committed, finds `attempts` already
 * moved on (false is returned; nothing is logged twice). The webhook's delivery lease, held by this
 * message, is given back in the same statement, Webhook row first as everywhere else (the
 * message update reads the release's result, so it runs after it).
 */
export async function recordSucceededAttemptSql(
  db: Db,
  p: {
    deliveryId: string;
    webhookId: string;
    messageId: string;
    attempt: number;
    statusCode: number;
    durationMs: number;
    responseBody: string | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH released AS (
      UPDATE "Webhook" SET "deliveringMessageId" = NULL, "deliveringUntil" = NULL
      WHERE "id" = ${p.webhookId} AND "deliveringMessageId" = ${p.messageId}
      RETURNING "id"
    ),
    updated AS (
      UPDATE "WebhookMessage"
      SET "status" = 'succeeded', "attempts" = ${p.attempt}, "nextAttemptAt" = NULL, "updatedAt" = ${p.at}
      WHERE "id" = ${p.messageId} AND "attempts" = ${p.attempt - 1} AND (SELECT count(*) FROM released) >= 0
      RETURNING "id", "webhookId", "eventId", "eventType"
    )
    INSERT INTO "WebhookDelivery"
      ("id", "webhookId", "messageId", "eventId", "eventType", "attempt", "statusCode", "durationMs", "error", "responseBody", "nextRetryAt", "createdAt")
    SELECT ${p.deliveryId}, "webhookId", "id", "eventId", "eventType", ${p.attempt}, ${p.statusCode}, ${p.durationMs}, NULL, ${p.responseBody}, NULL, ${p.at}
    FROM updated
    RETURNING "id"`;
  return rows.length > 0;
}
