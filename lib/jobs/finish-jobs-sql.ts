import { hotQuery } from "@/lib/db/hot-query";

/** Completes the rows this worker still holds, in one statement; returns their ids. */
export async function finishCompletedJobsSql(p: { ids: string[]; workerId: string; at: Date }): Promise<string[]> {
  const rows = await hotQuery<{ id: string }>(
    "jobs_finish_completed",
    `UPDATE "Job" SET "status" = 'completed', "completedAt" = $3::timestamp(3), "dedupeKey" = NULL,
       "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = $3::timestamp(3)
     WHERE "id" = ANY($1::text[]) AND "lockedBy" = $2 AND "status" = 'running'
     RETURNING "id"`,
    [p.ids, p.workerId, p.at],
  );
  return rows.map((r) => r.id);
}

/** Pushes the locks of the rows this worker still holds forward (a batch's heartbeat). */
export async function extendJobLocksSql(p: { ids: string[]; workerId: string; lockedUntil: Date }): Promise<number> {
  const rows = await hotQuery<{ id: string }>(
    "jobs_extend_locks",
    `UPDATE "Job" SET "lockedUntil" = $3::timestamp(3)
     WHERE "id" = ANY($1::text[]) AND "lockedBy" = $2 AND "status" = 'running'
     RETURNING "id"`,
    [p.ids, p.workerId, p.lockedUntil],
  );
  return rows.length;
}
