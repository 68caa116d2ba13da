import type { Db, Tx } from "@/lib/db/client";

export interface BroadcastStatsRow {
  broadcastId: string;
  recipients: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
}

// The delivery side of a broadcast's stats, read from its emails' recipients (one per member):
// recipients = emails made; sent = handed to a receiver at least once; delivered includes the
// ones later reported as complaints; opened/clicked count people, not hits.
const STATS_SQL = `
SELECT e."broadcastId" AS "broadcastId",
       count(*)::int AS recipients,
       count(*) FILTER (WHERE r.status IN ('deferred', 'delivered', 'bounced', 'complained'))::int AS sent,
       count(*) FILTER (WHERE r.status IN ('delivered', 'complained'))::int AS delivered,
       count(r."firstOpenedAt")::int AS opened,
       count(r."firstClickedAt")::int AS clicked,
       count(*) FILTER (WHERE r.status = 'bounced')::int AS bounced
FROM "Email" e
JOIN "EmailRecipient" r ON r."emailId" = e.id
WHERE e."accountId" = $1 AND e."broadcastId" = ANY($2::text[])
GROUP BY e."broadcastId"`;

export async function selectBroadcastStats(
  db: Db | Tx,
  params: { accountId: string; broadcastIds: string[] },
): Promise<BroadcastStatsRow[]> {
  if (!params.broadcastIds.length) return [];
  return db.$queryRawUnsafe<BroadcastStatsRow[]>(STATS_SQL, params.accountId, params.broadcastIds);
}

export interface BroadcastVariantStatsRow {
  broadcastId: string;
  variant: string;
  recipients: number;
  delivered: number;
  opened: number;
  clicked: number;
}

// An A/B test's numbers per variant: the test group's emails carry their variant as the
// ab_variant tag (the rest, sent the winner, carry none). Read the same way as STATS_SQL.
const VARIANT_STATS_SQL = `
SELECT e."broadcastId" AS "broadcastId", v.variant,
       count(*)::int AS recipients,
       count(*) FILTER (WHERE r.status IN ('delivered', 'complained'))::int AS delivered,
       count(r."firstOpenedAt")::int AS opened,
       count(r."firstClickedAt")::int AS clicked
FROM "Email" e
CROSS JOIN LATERAL (
  SELECT t->>'value' AS variant FROM jsonb_array_elements(e.tags) t WHERE t->>'name' = 'ab_variant' LIMIT 1
) v
JOIN "EmailRecipient" r ON r."emailId" = e.id
WHERE e."accountId" = $1 AND e."broadcastId" = ANY($2::text[])
GROUP BY e."broadcastId", v.variant`;

export async function selectBroadcastVariantStats(
  db: Db | Tx,
  params: { accountId: string; broadcastIds: string[] },
): Promise<BroadcastVariantStatsRow[]> {
  if (!params.broadcastIds.length) return [];
  return db.$queryRawUnsafe<BroadcastVariantStatsRow[]>(VARIANT_STATS_SQL, params.accountId, params.broadcastIds);
}
