import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/generated/prisma/client";

/** Accounts with pending rows looked at per claim; the oldest due rows are candidates besides. */
export const CLAIM_ACCOUNT_SCAN = 200;

export interface ClaimDueJobsParams {
  names: string[];
  workerId: string;
  limit: number;
  at: Date;
  dueBy: Date;
  lockedUntil: Date;
}

/**
 * Claims up to `limit` due rows, shared fairly between accounts, in one statement.
 *
 * Candidates, each set small and read from an index, never a scan of the whole backlog:
 * - for each account with pending rows (a skip scan over ("status", "accountId", "runAt"),
 *   at most CLAIM_ACCOUNT_SCAN of them), its `limit` oldest due rows;
 * - the `limit` oldest due system rows (no account), the `limit` oldest due rows of any account,
 *   and rows whose worker died (lock expired).
 * Each candidate's turn is the number of rows its account would then hold running (its live
 * running rows plus its rank among its own candidates); the lowest turns go first, so a slot
 * goes to the account holding the fewest, and one account takes every slot only when no other
 * account has due work. System rows count as one more account.
 * SKIP LOCKED, and the due test again on the locked row, let several workers claim side by side.
 */
export function claimDueJobsSql(db: Db, p: ClaimDueJobsParams): Promise<Job[]> {
  return db.$queryRaw<Job[]>`
    WITH RECURSIVE busy AS (
      SELECT "accountId", count(*)::int AS running
      FROM "Job"
      WHERE "status" = 'running' AND "lockedUntil" >= ${p.at}
      GROUP BY "accountId"
    ),
    accounts AS (
      (SELECT "accountId" FROM "Job"
       WHERE "status" = 'pending' AND "accountId" IS NOT NULL
       ORDER BY "accountId" LIMIT 1)
      UNION ALL
      SELECT (SELECT j."accountId" FROM "Job" j
              WHERE j."status" = 'pending' AND j."accountId" > a."accountId"
              ORDER BY j."accountId" LIMIT 1)
      FROM accounts a
      WHERE a."accountId" IS NOT NULL
    ),
    candidates AS (
      SELECT c."id", c."accountId", c."runAt"
      FROM (SELECT "accountId" FROM accounts WHERE "accountId" IS NOT NULL LIMIT ${CLAIM_ACCOUNT_SCAN}) a
      CROSS JOIN LATERAL (
        SELECT j."id", j."accountId", j."runAt" FROM "Job" j
        WHERE j."status" = 'pending' AND j."accountId" = a."accountId" AND j."runAt" <= ${p.dueBy}
          AND j."name" = ANY(${p.names}::text[])
        ORDER BY j."runAt", j."id"
        LIMIT ${p.limit}) c
      UNION
      (SELECT "id", "accountId", "runAt" FROM "Job"
       WHERE "status" = 'pending' AND "accountId" IS NULL AND "runAt" <= ${p.dueBy}
         AND "name" = ANY(${p.names}::text[])
       ORDER BY "runAt", "id"
       LIMIT ${p.limit})
      UNION
      (SELECT "id", "accountId", "runAt" FROM "Job"
       WHERE "status" = 'pending' AND "runAt" <= ${p.dueBy} AND "name" = ANY(${p.names}::text[])
       ORDER BY "runAt", "id"
       LIMIT ${p.limit})
      UNION
      (SELECT "id", "accountId", "runAt" FROM "Job"
       WHERE "status" = 'running' AND "lockedUntil" < ${p.at} AND "name" = ANY(${p.names}::text[])
       ORDER BY "lockedUntil"
       LIMIT ${p.limit})
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
      WHERE (j."status" = 'pending' AND j."runAt" <= ${p.dueBy})
         OR (j."status" = 'running' AND j."lockedUntil" < ${p.at})
      ORDER BY r.turn, r."runAt", r."id"
      LIMIT ${p.limit}
      FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE "Job" SET
      "status" = 'running', "lockedBy" = ${p.workerId}, "lockedUntil" = ${p.lockedUntil},
      "attempts" = "attempts" + 1, "updatedAt" = ${p.at}
    WHERE "id" IN (SELECT "id" FROM picked)
    RETURNING *`;
}
