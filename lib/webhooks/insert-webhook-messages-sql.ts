import type { Tx } from "@/lib/db/client";

/** A webhook message to store, with its first delivery due at `nextAttemptAt`. */
export interface QueuedMessage {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: object;
  nextAttemptAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One statement: the messages, each skipped when its webhook already has one for its event (a
 * write repeated). Returns the ids stored. One jsonb parameter whatever the number of messages:
 * planned once per connection, where the ORM's createManyAndReturn was planned anew for every
 * event fanned out.
 */
export async function insertWebhookMessagesSql(tx: Tx, messages: QueuedMessage[]): Promise<string[]> {
  if (!messages.length) return [];
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO "WebhookMessage" (id, "webhookId", "eventId", "eventType", payload, "nextAttemptAt", "createdAt", "updatedAt")
     SELECT m.id, m."webhookId", m."eventId", m."eventType", m.payload, m."nextAttemptAt", m."createdAt", m."updatedAt"
     FROM jsonb_to_recordset($1::jsonb) AS m(id text, "webhookId" text, "eventId" text, "eventType" text, payload jsonb,
       "nextAttemptAt" timestamp(3), "createdAt" timestamp(3), "updatedAt" timestamp(3))
     ON CONFLICT ("webhookId", "eventId") DO NOTHING
     RETURNING id`,
    JSON.stringify(messages),
  );
  return rows.map((r) => r.id);
}
