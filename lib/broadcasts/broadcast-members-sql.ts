import type { Db, Tx } from "@/lib/db/client";
import { contactMayReceiveTopicSql } from "@/lib/topics/contact-topics-sql";

// Membership reads for a broadcast's fan-out, in contact id order so a cursor can resume them.

const AUDIENCE_SQL = `
SELECT count(*)::int AS n
FROM "ListMembership" m
JOIN "Contact" c ON c.id = m."contactId"
WHERE m."listId" = $1 AND c."accountId" = $2 AND c.subscribed
  AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $2 AND s.email = c.email)
  AND ${contactMayReceiveTopicSql("c.id", "$3")}`;

/** How many members of the list a broadcast would email now: subscribed, not suppressed, and receiving its topic. */
export async function countBroadcastAudience(
  db: Db | Tx,
  params: { listId: string; accountId: string; topicId: string | null },
): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(AUDIENCE_SQL, params.listId, params.accountId, params.topicId);
  return row?.n ?? 0;
}

export interface BroadcastMemberRow {
  contactId: string;
  email: string;
  name: string | null;
  properties: unknown;
  subscribed: boolean;
  suppressed: boolean;
  /** Not subscribed to the broadcast's topic (opted out, or never opted in to an opt_in topic). */
  optedOut: boolean;
  /** This broadcast already has its email for the member (a batch run again after a crash). */
  alreadySent: boolean;
}

const PAGE_SQL = `
SELECT c.id AS "contactId", c.email, c.name, c.properties, c.subscribed,
       EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $2 AND s.email = c.email) AS suppressed,
       EXISTS (SELECT 1 FROM "Email" e WHERE e."broadcastId" = $3 AND e."contactId" = c.id) AS "alreadySent",
       NOT ${contactMayReceiveTopicSql("c.id", "$6")} AS "optedOut"
FROM "ListMembership" m
JOIN "Contact" c ON c.id = m."contactId"
WHERE m."listId" = $1 AND c."accountId" = $2 AND ($4::text IS NULL OR m."contactId" > $4::text)
ORDER BY m."contactId"
LIMIT $5`;

/** The next `limit` members after `after` (a contact id; null from the start). */
export async function selectBroadcastMembers(
  db: Db | Tx,
  params: { listId: string; accountId: string; broadcastId: string; topicId: string | null; after: string | null; limit: number },
): Promise<BroadcastMemberRow[]> {
  return db.$queryRawUnsafe<BroadcastMemberRow[]>(
    PAGE_SQL,
    params.listId,
    params.accountId,
    params.broadcastId,
    params.after,
    params.limit,
    params.topicId,
  );
}
