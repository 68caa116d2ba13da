import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";

export const FINISHED_JOB_RETENTION_DAYS = 7;

export interface PurgeResult {
  idempotencyKeys: number;
  jobs: number;
}

// Small batches: one huge DELETE would hold locks (and, embedded, the single session) for long.
async function deleteInBatches(run: (limit: number) => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await run(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * Deletes idempotency keys past their expiry and finished (completed or failed) jobs older than
 * the retention. Safe to run any number of times, concurrently too.
 */
export async function purgeExpiredRows(
  options: { at?: Date; jobRetentionDays?: number; batchSize?: number } = {},
): Promise<PurgeResult> {
  const db = getDb();
  const at = options.at ?? now();
  const batchSize = options.batchSize ?? 1000;
  const cutoff = new Date(at.getTime() - (options.jobRetentionDays ?? FINISHED_JOB_RETENTION_DAYS) * 86_400_000);

  const idempotencyKeys = await deleteInBatches(
    (limit) => db.$executeRaw`
      DELETE FROM "IdempotencyKey" WHERE "id" IN (
        SELECT "id" FROM "IdempotencyKey" WHERE "expiresAt" < ${at} LIMIT ${limit})`,
    batchSize,
  );
  const jobs = await deleteInBatches(
    (limit) => db.$executeRaw`
      DELETE FROM "Job" WHERE "id" IN (
        SELECT "id" FROM "Job"
        WHERE ("status" = 'completed' AND COALESCE("completedAt", "updatedAt") < ${cutoff})
           OR ("status" = 'failed' AND "updatedAt" < ${cutoff})
        LIMIT ${limit})`,
    batchSize,
  );
  return { idempotencyKeys, jobs };
}
