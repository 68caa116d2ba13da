import type { Db } from "@/lib/db/client";
import { deliverWebhookJob } from "./deliver-webhook-job";

/**
 * Deletes the account's webhook (its messages and delivery log follow by cascade) and, in the
 * same statement, the pending delivery jobs of its messages, so they do not linger as no-ops.
 * The job lookup reads the account's pending rows by index ("status", "accountId", "runAt").
 */
export async function deleteWebhookSql(db: Db, p: { accountId: string; id: string }) {
  const rows = await db.$queryRaw<{ deleted: number; cancelled: number }[]>`
    WITH gone AS (
      DELETE FROM "Webhook" WHERE "id" = ${p.id} AND "accountId" = ${p.accountId}
      RETURNING "id"
    ),
    cancelled AS (
      DELETE FROM "Job" j
      USING "WebhookMessage" m
      WHERE j."status" = 'pending' AND j."accountId" = ${p.accountId} AND j."name" = ${deliverWebhookJob.id}
        AND m."webhookId" IN (SELECT "id" FROM gone) AND m."id" = j."payload"->>'messageId'
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT count(*) FROM cancelled)::int AS cancelled`;
  return rows[0];
}
