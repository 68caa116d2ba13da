import type { Db, Tx } from "@/lib/db/client";

// Membership reads for a broadcast's fan-out, in contact id order so a cursor can resume them.

const AUDIENCE_SQL = `
SELECT count(*)::int AS n
FROM "ListMembership" m
JOIN "Contact" c ON c.id = m."contactId"
WHERE m."listId" = $1 AND c."accountId" = $2 AND c.subscribed
  AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $2 AND s.email = c.email)`;

/** How many members of the list a broadcast would email now: subscribed and not suppressed. */
export async function countBroadcastAudience(db: Db | Tx, params: { listId: string; accountId: string }): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(AUDIENCE_SQL, params.listId, params.accountId);
  return row?.n ?? 0;
}

export interface BroadcastMemberRow {
  contactId: string;
  email: string;
  name: string | null;
  properties: unknown;
  subscribed: boolean;
  suppressed: boolean;
  /** This broadcast already has its email for the member (a batch run again after a crash). */
  alreadySent: boolean;
}

const PAGE_SQL = `
SELECT c.id AS "contactId", c.email, c.name, c.properties, c.subscribed,
       EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $2 AND s.email = c.email) AS suppressed,
       EXISTS (SELECT 1 FROM "Email" e WHERE e."broadcastId" = $3 AND e."contactId" = c.id) AS "alreadySent"
FROM "ListMembership" m
JOIN "Contact" c ON c.id = m."contactId"
WHERE m."listId" = $1 AND c."accountId" = $2 AND ($4::text IS NULL OR m."contactId" > $4::text)
ORDER BY m."contactId"
LIMIT $5`;

/** The next `limit` members after `after` (a contact id; null from the start). */
export async function selectBroadcastMembers(
  db: Db | Tx,
  params: { listId: string; accountId: string; broadcastId: string; after: string | null; limit: number },
): Promise<BroadcastMemberRow[]> {
  return db.$queryRawUnsafe<BroadcastMemberRow[]>(
    PAGE_SQL,
    params.listId,
    params.accountId,
    params.broadcastId,
    params.after,
    params.limit,
  );
}
