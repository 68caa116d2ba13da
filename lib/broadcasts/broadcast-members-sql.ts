import type { Db, Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/config/env";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { contactMayReceiveTopicSql } from "@/lib/topics/contact-topics-sql";
import { compileSegmentFilter, type CompiledFilter } from "@/lib/segments/compile-segment-filter-sql";
import { loadFilterContext } from "@/lib/segments/load-filter-context";

// Membership reads for a broadcast's fan-out, in contact id order so a cursor can resume them.

const AUDIENCE_SQL = `
SELECT count(*)::int AS n
FROM "ListMembership" m
JOIN "Contact" c ON c.id = m."contactId"
WHERE m."listId" = $1 AND c."accountId" = $2 AND c.subscribed
  AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $2 AND s.email = c.email)
  AND ${contactMayReceiveTopicSql("c.id", "$3")}`;

/**
 * How many members of the list (or contacts matching the filtered segment) a broadcast would
 * email now: subscribed, not suppressed, and receiving its topic.
 */
export async function countBroadcastAudience(
  db: Db,
  params: { listId: string; accountId: string; topicId: string | null; filter?: unknown },
): Promise<number> {
  if (params.filter) {
    const audience = await compileFilteredAudience(db, params.accountId, params.filter as Rule);
    return countFilteredBroadcastAudience(db, { accountId: params.accountId, topicId: params.topicId, audience });
  }
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

// A page's checks per member, on the page's rows only: each is a LATERAL probe of one index
// (Suppression by account and address, Email by broadcast and contact), never a hashed scan of
// every row the broadcast has sent so far, whatever the planner's statistics say.
const PAGE_CHECKS = (accountParam: string, broadcastParam: string, topicParam: string) => `
SELECT p."contactId", p.email, p.name, p.properties, p.subscribed,
       supp.yes IS NOT NULL AS suppressed,
       sent.yes IS NOT NULL AS "alreadySent",
       NOT ${contactMayReceiveTopicSql('p."contactId"', topicParam)} AS "optedOut"
FROM page p
LEFT JOIN LATERAL (
  SELECT true AS yes FROM "Suppression" s WHERE s."accountId" = ${accountParam} AND s.email = p.email LIMIT 1
) supp ON true
LEFT JOIN LATERAL (
  SELECT true AS yes FROM "Email" e WHERE e."broadcastId" = ${broadcastParam} AND e."contactId" = p."contactId" LIMIT 1
) sent ON true
ORDER BY p."contactId"`;

// The page is the next `limit` memberships in contact id order (the membership key's order),
// each joined to its contact by one primary-key probe (OFFSET 0 keeps that lateral a nested
// loop), so the read can start at the cursor and stop after `limit` rows instead of joining
// every remaining member of the list to find the first ones.
const PAGE_SQL = `
WITH page AS MATERIALIZED (
  SELECT c.id AS "contactId", c.email, c.name, c.properties, c.subscribed
  FROM "ListMembership" m
  CROSS JOIN LATERAL (
    SELECT c.id, c.email, c.name, c.properties, c.subscribed FROM "Contact" c
    WHERE c.id = m."contactId" AND c."accountId" = $2 OFFSET 0
  ) c
  WHERE m."listId" = $1 AND ($4::text IS NULL OR m."contactId" > $4::text)
  ORDER BY m."contactId"
  LIMIT $5
)
${PAGE_CHECKS("$2", "$3", "$6")}`;

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

// A filtered segment as the audience: the account's contacts matching its filter now, with
// the same checks as a list's members. The filter's predicate is compiled once per run (its
// windows start at the same instant for every page) with its parameters after these.

const FILTERED_AUDIENCE_SQL = (predicate: string) => `
SELECT count(*)::int AS n
FROM "Contact" c
WHERE c."accountId" = $1 AND c.subscribed
  AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $1 AND s.email = c.email)
  AND ${contactMayReceiveTopicSql("c.id", "$2")}
  AND ${predicate}`;

const FILTERED_PAGE_SQL = (predicate: string) => `
WITH page AS MATERIALIZED (
  SELECT c.id AS "contactId", c.email, c.name, c.properties, c.subscribed
  FROM "Contact" c
  WHERE c."accountId" = $1 AND ($3::text IS NULL OR c.id > $3::text) AND ${predicate}
  ORDER BY c.id
  LIMIT $4
)
${PAGE_CHECKS("$1", "$2", "$5")}`;

/** A filtered segment's predicate, compiled for the count (parameters from $3) and the pages (from $6). */
export interface FilteredAudience {
  count: CompiledFilter;
  page: CompiledFilter;
}

export async function compileFilteredAudience(db: Db | Tx, accountId: string, filter: Rule): Promise<FilteredAudience> {
  const ctx = await loadFilterContext(db, accountId, filter);
  return {
    count: compileSegmentFilter(filter, ctx, { firstParam: 3 }),
    page: compileSegmentFilter(filter, ctx, { firstParam: 6 }),
  };
}

/** One read under the segment statement timeout: a costly filter fails the run's attempt, not the database. */
async function withTimeout<T>(db: Db, sql: string, params: unknown[]): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRawUnsafe(`SELECT set_config('statement_timeout', $1, true)`, String(getEnv().SEGMENT_QUERY_TIMEOUT_MS));
    return tx.$queryRawUnsafe<T>(sql, ...params);
  });
}

export async function countFilteredBroadcastAudience(
  db: Db,
  params: { accountId: string; topicId: string | null; audience: FilteredAudience },
): Promise<number> {
  const { sql, params: values } = params.audience.count;
  const [row] = await withTimeout<{ n: number }[]>(db, FILTERED_AUDIENCE_SQL(sql), [params.accountId, params.topicId, ...values]);
  return row?.n ?? 0;
}

export async function selectFilteredBroadcastMembers(
  db: Db,
  params: {
    accountId: string;
    broadcastId: string;
    topicId: string | null;
    after: string | null;
    limit: number;
    audience: FilteredAudience;
  },
): Promise<BroadcastMemberRow[]> {
  const { sql, params: values } = params.audience.page;
  return withTimeout<BroadcastMemberRow[]>(db, FILTERED_PAGE_SQL(sql), [
    params.accountId,
    params.broadcastId,
    params.after,
    params.limit,
    params.topicId,
    ...values,
  ]);
}
