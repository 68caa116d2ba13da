import type { Db, Tx } from "@/lib/db/client";

/** A new Job row as INSERT_JOBS_SQL writes it. */
export interface JobRowToInsert {
  id: string;
  name: string;
  accountId: string | null;
  payload: object;
  runAt: Date;
  maxAttempts: number;
  dedupeKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Job rows from one jsonb parameter, each skipped when a job holding its dedupe key is already
 * waiting (a row without a key is always added). The statement text is the same whatever the
 * number of rows, so it is planned once per connection; the ORM's createMany is planned anew at
 * every call (about 2 ms of CPU), its plan cache skipping createMany.
 */
export const INSERT_JOBS_SQL = `INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "dedupeKey", "createdAt", "updatedAt")
     SELECT j.id, j.name, j."accountId", j.payload, j."runAt", j."maxAttempts", j."dedupeKey", j."createdAt", j."updatedAt"
     FROM jsonb_to_recordset($1::jsonb) AS j(id text, name text, "accountId" text, payload jsonb, "runAt" timestamp(3),
       "maxAttempts" int, "dedupeKey" text, "createdAt" timestamp(3), "updatedAt" timestamp(3))
     ON CONFLICT ("dedupeKey") DO NOTHING
     RETURNING id`;

/** INSERT_JOBS_SQL through the ORM's connection (or the caller's transaction). Returns the ids added. */
export async function insertJobsSql(db: Db | Tx, jobs: JobRowToInsert[]): Promise<string[]> {
  if (!jobs.length) return [];
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(INSERT_JOBS_SQL, JSON.stringify(jobs));
  return rows.map((r) => r.id);
}
