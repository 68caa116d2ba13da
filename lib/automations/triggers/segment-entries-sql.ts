import type { PoolClient } from "pg";
import type { Tx } from "@/lib/db/client";
import type { CompiledFilter } from "@/lib/segments/compile-segment-filter-sql";

// The statements of a segment_entry pass. A member is a subscribed, unsuppressed contact of the
// account that the segment's predicate (compileAccountFilter of {type: "segment"}, alias c)
// matches now; its parameters are numbered from the statement's first free parameter, given
// beside each statement.

/** recordSegmentMembersSql's predicate is compiled from this parameter number. */
export const RECORD_PREDICATE_FIRST_PARAM = 5;
/** countSegmentEntrantsSql's predicate is compiled from this parameter number. */
export const COUNT_PREDICATE_FIRST_PARAM = 3;

const MEMBERS = (predicate: string) => `
  SELECT c.id FROM "Contact" c
  WHERE c."accountId" = $1 AND c.subscribed AND ${predicate}
    AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $1 AND s.email = c.email)`;

/**
 * One statement: the recorded members who no longer match leave (their rows go), the members
 * not recorded yet enter (a row each, pending when `seeded`, else recorded as started: the
 * members found at activation did not enter). `client` holds the pass's transaction, with its
 * statement timeout. Returns how many left and how many entered.
 */
export async function recordSegmentMembersSql(
  client: PoolClient,
  p: { accountId: string; automationId: string; at: Date; seeded: boolean; predicate: CompiledFilter },
): Promise<{ left: number; entered: number }> {
  const { rows } = await client.query<{ left: number; entered: number }>(
    `WITH members AS (${MEMBERS(p.predicate.sql)}),
     gone AS (
       DELETE FROM "SegmentEntry" e
       WHERE e."automationId" = $2 AND NOT EXISTS (SELECT 1 FROM members m WHERE m.id = e."contactId")
       RETURNING 1),
     added AS (
       INSERT INTO "SegmentEntry" ("automationId", "contactId", "enteredAt", "startedAt")
       SELECT $2, m.id, $3::timestamp(3), CASE WHEN $4::boolean THEN NULL ELSE $3::timestamp(3) END FROM members m
       -- Only members not recorded yet are written (an anti-join on the primary key); the
       -- conflict clause covers a pass racing this one.
       WHERE NOT EXISTS (SELECT 1 FROM "SegmentEntry" e WHERE e."automationId" = $2 AND e."contactId" = m.id)
       ON CONFLICT ("automationId", "contactId") DO NOTHING
       RETURNING "startedAt")
     SELECT (SELECT count(*)::int FROM gone) AS "left",
            (SELECT count(*)::int FROM added WHERE "startedAt" IS NULL) AS "entered"`,
    [p.accountId, p.automationId, p.at, p.seeded, ...p.predicate.params],
  );
  return rows[0] ?? { left: 0, entered: 0 };
}

/** How many members are not enrolled in the automation yet (what an enrollExisting activation would start). */
export async function countSegmentEntrantsSql(
  client: PoolClient,
  p: { accountId: string; automationId: string; predicate: CompiledFilter },
): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${MEMBERS(p.predicate.sql)}) m
     WHERE NOT EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."automationId" = $2 AND e."contactId" = m.id)`,
    [p.accountId, p.automationId, ...p.predicate.params],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Up to `limit` entered members whose runs have not started, oldest entry first, locked for the
 * caller's transaction (SKIP LOCKED: two passes never start one entry twice). Contacts deleted
 * since they entered are left for the next pass to remove.
 */
export function takePendingEntriesSql(tx: Tx, p: { automationId: string; limit: number }): Promise<{ contactId: string }[]> {
  return tx.$queryRaw<{ contactId: string }[]>`
    SELECT e."contactId" FROM "SegmentEntry" e
    WHERE e."automationId" = ${p.automationId} AND e."startedAt" IS NULL
      AND EXISTS (SELECT 1 FROM "Contact" c WHERE c.id = e."contactId")
    ORDER BY e."enteredAt", e."contactId"
    LIMIT ${p.limit}
    FOR UPDATE OF e SKIP LOCKED`;
}

export function markEntriesStartedSql(tx: Tx, p: { automationId: string; contactIds: string[]; at: Date }) {
  return tx.$executeRaw`
    UPDATE "SegmentEntry" SET "startedAt" = ${p.at}
    WHERE "automationId" = ${p.automationId} AND "contactId" = ANY(${p.contactIds}::text[])`;
}
