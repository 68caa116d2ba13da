import { hotQuery } from "@/lib/db/hot-query";
import type { Job } from "@/lib/generated/prisma/client";

/** Accounts with due rows looked at per claim; the oldest due rows are candidates besides. */
export const CLAIM_ACCOUNT_SCAN = 200;
/** Accounts with pending rows (due or not) the skip scan walks to find those, at most. */
export const CLAIM_ACCOUNT_WALK = 5000;

export interface ClaimDueJobsParams {
  names: string[];
  workerId: string;
  limit: number;
  at: Date;
  dueBy: Date;
  lockedUntil: Date;
  /** Rows this process runs now: never taken back from itself, even with their locks expired. */
  held: string[];
}

/**
 * Claims up to `limit` due rows, shared fairly between accounts, in one statement.
 *
 * Candidates, each set small and read from an index, never a scan of the whole backlog:
 * Each set is read per job name, by an index that leads with ("status", "name"), so a backlog
 * of one job (100,000 due automation steps) is never walked to find another's rows.
 * - for each account with due rows (a skip scan over ("status", "accountId", "runAt") that
 *   walks the accounts with pending rows, up to CLAIM_ACCOUNT_WALK, and keeps those whose
 *   oldest pending row is due: one index probe each, so accounts holding only future rows
 *   (scheduled sends, automation delays) do not use up the CLAIM_ACCOUNT_SCAN places), its
 *   `limit` oldest due rows;
 * - the `limit` oldest due system rows (no account), the `limit` oldest due rows of any account,
 *   and rows whose worker died (lock expired), except those this process still runs (`held`):
 *   a lock lapses while its worker lives when the database was away longer than the lock (its
 *   heartbeat could not reach it), and the worker's own claim must not start that work twice.
 * Each candidate's turn is the number of rows its account would then hold running (its live
 * running rows plus its rank among its own candidates); the lowest turns go first, so a slot
 * goes to the account holding the fewest, and one account takes every slot only when no other
 * account has due work. System rows count as one more account.
 * A named prepared statement (hotQuery): planned once per connection, not on every claim.
 * SKIP LOCKED, and the due test again on the locked row, let several workers claim side by side.
 * Explicit columns returned: a named statement's result type must not change with the schema.
 */
export const CLAIM_DUE_JOBS_SQL = `
    WITH RECURSIVE busy AS (
      SELECT "accountId", count(*)::int AS running
      FROM "Job"
      WHERE "status" = 'running' AND "lockedUntil" >= $4::timestamp(3)
      GROUP BY "accountId"
    ),
    accounts AS (
      (SELECT "accountId", 1 AS depth FROM "Job"
       WHERE "status" = 'pending' AND "accountId" IS NOT NULL
       ORDER BY "accountId" LIMIT 1)
      UNION ALL
      SELECT (SELECT j."accountId" FROM "Job" j
              WHERE j."status" = 'pending' AND j."accountId" > a."accountId"
              ORDER BY j."accountId" LIMIT 1), a.depth + 1
      FROM accounts a
      WHERE a."accountId" IS NOT NULL AND a.depth < $8::int
    ),
    due_accounts AS (
      SELECT a."accountId" FROM accounts a
      WHERE a."accountId" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "Job" d
                    WHERE d."status" = 'pending' AND d."accountId" = a."accountId" AND d."runAt" <= $5::timestamp(3))
      LIMIT $7::int
    ),
    names AS (SELECT DISTINCT unnest($1::text[]) AS name),
    candidates AS (
      SELECT c."id", c."accountId", c."runAt"
      FROM due_accounts a
      CROSS JOIN names n
      CROSS JOIN LATERAL (
        SELECT j."id", j."accountId", j."runAt" FROM "Job" j
        WHERE j."status" = 'pending' AND j."name" = n.name AND j."accountId" = a."accountId" AND j."runAt" <= $5::timestamp(3)
        ORDER BY j."runAt", j."id"
        LIMIT $3::int) c
      UNION
      SELECT c."id", c."accountId", c."runAt"
      FROM names n
      CROSS JOIN LATERAL (
        SELECT "id", "accountId", "runAt" FROM "Job" j
        WHERE j."status" = 'pending' AND j."name" = n.name AND j."accountId" IS NULL AND j."runAt" <= $5::timestamp(3)
        ORDER BY j."runAt", j."id"
        LIMIT $3::int) c
      UNION
      SELECT c."id", c."accountId", c."runAt"
      FROM names n
      CROSS JOIN LATERAL (
        SELECT "id", "accountId", "runAt" FROM "Job" j
        WHERE j."status" = 'pending' AND j."name" = n.name AND j."runAt" <= $5::timestamp(3)
        ORDER BY j."runAt", j."id"
        LIMIT $3::int) c
      UNION
      (SELECT "id", "accountId", "runAt" FROM "Job"
       WHERE "status" = 'running' AND "lockedUntil" < $4::timestamp(3) AND "name" = ANY($1::text[])
         AND NOT ("id" = ANY($9::text[]))
       ORDER BY "lockedUntil"
       LIMIT $3::int)
    ),
    ranked AS (
      SELECT c."id", c."runAt",
        -- ids grow with time: among rows due at the same instant, the first enqueued goes first
        row_number() OVER (PARTITION BY c."accountId" ORDER BY c."runAt", c."id") + COALESCE(b.running, 0) AS turn
      FROM candidates c
      LEFT JOIN busy b ON b."accountId" IS NOT DISTINCT FROM c."accountId"
    ),
    picked AS (
      SELECT j."id"
      FROM "Job" j
      JOIN ranked r ON r."id" = j."id"
      -- The candidates' ids as an array, read through the primary key: in the generic plan (a
      -- named statement, after five executions) the join alone read every pending row. The due
      -- test as one CASE, which no index can serve, so no plan reads by status instead.
      WHERE j."id" = ANY(ARRAY(SELECT "id" FROM ranked))
        AND CASE j."status"
              WHEN 'pending' THEN j."runAt" <= $5::timestamp(3)
              WHEN 'running' THEN j."lockedUntil" < $4::timestamp(3) AND NOT (j."id" = ANY($9::text[]))
              ELSE false
            END
      ORDER BY r.turn, r."runAt", r."id"
      LIMIT $3::int
      FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE "Job" SET
      "status" = 'running', "lockedBy" = $2, "lockedUntil" = $6::timestamp(3),
      "attempts" = "attempts" + 1, "updatedAt" = $4::timestamp(3)
    WHERE "id" IN (SELECT "id" FROM picked)
    RETURNING "id", "name", "payload", "status", "runAt", "attempts", "maxAttempts", "lockedBy", "lockedUntil",
      "lastError", "dedupeKey", "completedAt", "createdAt", "updatedAt", "accountId", "announcedAt"`;

/** Runs CLAIM_DUE_JOBS_SQL (see there) as the named statement "jobs_claim_due". */
export function claimDueJobsSql(p: ClaimDueJobsParams): Promise<Job[]> {
  return hotQuery<Job>("jobs_claim_due", CLAIM_DUE_JOBS_SQL, [
    p.names,
    p.workerId,
    p.limit,
    p.at,
    p.dueBy,
    p.lockedUntil,
    CLAIM_ACCOUNT_SCAN,
    CLAIM_ACCOUNT_WALK,
    p.held,
  ]);
}

/**
 * Whether the claim could take any row of `names` now: a pending row due by `dueBy`, or a
 * running row whose lock expired before `at` (the claim's own two tests, without its fair
 * share, its locks or its update). A few index probes on ("status", "name", "runAt") and
 * ("status", "lockedUntil"), planned once per connection, where an empty claim is planned
 * again each time (its plan depends on its arguments) and walks the accounts besides.
 */
export async function anyDueJobsSql(p: { names: string[]; at: Date; dueBy: Date; held: string[] }): Promise<boolean> {
  const rows = await hotQuery<{ due: boolean }>(
    "jobs_any_due",
    `SELECT EXISTS (
         SELECT 1 FROM unnest($1::text[]) AS n(name)
         WHERE EXISTS (SELECT 1 FROM "Job" j WHERE j."status" = 'pending' AND j."name" = n.name AND j."runAt" <= $3::timestamp(3)))
       OR EXISTS (
         SELECT 1 FROM "Job" j WHERE j."status" = 'running' AND j."lockedUntil" < $2::timestamp(3) AND j."name" = ANY($1::text[])
           AND NOT (j."id" = ANY($4::text[])))
       AS "due"`,
    [p.names, p.at, p.dueBy, p.held],
  );
  return rows[0]?.due ?? false;
}
