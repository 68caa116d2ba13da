import type { Db, Tx } from "@/lib/db/client";

export interface TakeDeliveryLeaseParams {
  webhookId: string;
  messageId: string;
  /** The message's place in its webhook's order: (createdAt, id). */
  createdAt: Date;
  at: Date;
  until: Date;
  /** Prefix of a message's delivery job key: `<prefix><messageId>:<attempt>`. */
  jobKeyPrefix: string;
}

export interface TakeDeliveryLeaseRow {
  taken: boolean;
  /** Older messages of the webhook due now whose delivery job is live (pending or running). */
  ahead: number;
}

/**
 * Takes the webhook's delivery lease for one message, in one statement: only while no other
 * message holds it (or its holder's lease ran out: that worker died), and only when no older
 * message of the webhook is due now with a live delivery job, so a burst goes out in order
 * across every worker. A message whose job is gone (failed for good) or that waits for a later
 * retry holds no one up. The holder may take its own lease again (its job ran again after a crash).
 */
export async function takeDeliveryLeaseSql(db: Db, p: TakeDeliveryLeaseParams): Promise<TakeDeliveryLeaseRow> {
  const rows = await db.$queryRaw<TakeDeliveryLeaseRow[]>`
    WITH ahead AS (
      SELECT count(*)::int AS n
      FROM "WebhookMessage" m
      WHERE m."webhookId" = ${p.webhookId} AND m."status" = 'pending' AND m."id" <> ${p.messageId}
        AND m."nextAttemptAt" <= ${p.at}
        AND (m."createdAt" < ${p.createdAt} OR (m."createdAt" = ${p.createdAt} AND m."id" < ${p.messageId}))
        AND EXISTS (
          SELECT 1 FROM "Job" j
          WHERE j."dedupeKey" = ${p.jobKeyPrefix} || m."id" || ':' || (m."attempts" + 1)::text
            AND j."status" IN ('pending', 'running'))
    ),
    taken AS (
      UPDATE "Webhook" SET "deliveringMessageId" = ${p.messageId}, "deliveringUntil" = ${p.until}
      WHERE "id" = ${p.webhookId} AND (SELECT n FROM ahead) = 0
        AND ("deliveringMessageId" IS NULL OR "deliveringMessageId" = ${p.messageId} OR "deliveringUntil" < ${p.at})
      RETURNING "id"
    )
    SELECT EXISTS (SELECT 1 FROM taken) AS taken, (SELECT n FROM ahead) AS ahead`;
  return rows[0];
}

/** Gives the lease back, if this message still holds it (an expired one may have moved on). */
export async function releaseDeliveryLeaseSql(db: Db | Tx, p: { webhookId: string; messageId: string }): Promise<number> {
  return db.$executeRaw`
    UPDATE "Webhook" SET "deliveringMessageId" = NULL, "deliveringUntil" = NULL
    WHERE "id" = ${p.webhookId} AND "deliveringMessageId" = ${p.messageId}`;
}
