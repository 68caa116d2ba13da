import type { Db } from "@/lib/db/client";

export interface WebhookHealthRow {
  webhookId: string;
  attempts: number;
  failed: number;
}

/**
 * For each webhook, its last HEALTH_WINDOW_ATTEMPTS delivery attempts since `since` and how many
 * failed (no 2xx answer). One statement; each webhook reads at most that many rows by the
 * ("webhookId", "createdAt" DESC) index, so the work is bounded by the page size.
 */
export async function webhookHealthSql(db: Db, p: { webhookIds: string[]; since: Date; window: number }): Promise<WebhookHealthRow[]> {
  if (!p.webhookIds.length) return [];
  return db.$queryRaw<WebhookHealthRow[]>`
    SELECT w.id AS "webhookId",
           count(d."createdAt")::int AS attempts,
           count(d."createdAt") FILTER (WHERE d."statusCode" IS NULL OR d."statusCode" < 200 OR d."statusCode" >= 300)::int AS failed
    FROM unnest(${p.webhookIds}::text[]) AS w(id)
    LEFT JOIN LATERAL (
      SELECT "createdAt", "statusCode" FROM "WebhookDelivery"
      WHERE "webhookId" = w.id AND "createdAt" >= ${p.since}
      ORDER BY "createdAt" DESC
      LIMIT ${p.window}
    ) d ON true
    GROUP BY w.id`;
}
