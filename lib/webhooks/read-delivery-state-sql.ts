import type { Db } from "@/lib/db/client";

// The reads of one webhook delivery attempt, two statements where there were four (each
// round trip is a wake-up of the loaded database): the message with whether this attempt
// is already logged, and, once the lease is held, the message's state again with its webhook.

export interface MessageForAttempt {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: unknown;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  createdAt: Date;
  /** A log row for this attempt exists (another run made it). */
  logged: boolean;
}

/** The message and whether `attempt` has a log row; null when the message is gone. */
export async function readMessageForAttemptSql(db: Db, p: { messageId: string; attempt: number }): Promise<MessageForAttempt | null> {
  const rows = await db.$queryRaw<MessageForAttempt[]>`
    SELECT m."id", m."webhookId", m."eventId", m."eventType", m."payload", m."status"::text AS "status", m."attempts", m."createdAt",
      EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."messageId" = m."id" AND d."attempt" = ${p.attempt}) AS "logged"
    FROM "WebhookMessage" m
    WHERE m."id" = ${p.messageId}`;
  return rows[0] ?? null;
}

export interface AttemptTarget {
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  /** Null only if the webhook went and its messages with it between the two reads. */
  webhook: { id: string; accountId: string; url: string; status: "active" | "failed"; secret: string } | null;
}

/** The message's state and its webhook (secret included); null when the message is gone. */
export async function readAttemptTargetSql(db: Db, p: { messageId: string }): Promise<AttemptTarget | null> {
  const rows = await db.$queryRaw<
    {
      status: AttemptTarget["status"];
      attempts: number;
      id: string | null;
      accountId: string;
      url: string;
      webhookStatus: string;
      secret: string;
    }[]
  >`
    SELECT m."status"::text AS "status", m."attempts", w."id", w."accountId", w."url", w."status"::text AS "webhookStatus", w."secret"
    FROM "WebhookMessage" m
    LEFT JOIN "Webhook" w ON w."id" = m."webhookId"
    WHERE m."id" = ${p.messageId}`;
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.status,
    attempts: row.attempts,
    webhook: row.id
      ? { id: row.id, accountId: row.accountId, url: row.url, status: row.webhookStatus as "active" | "failed", secret: row.secret }
      : null,
  };
}
