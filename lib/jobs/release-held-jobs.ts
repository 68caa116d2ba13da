import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";

/**
 * A stopping worker hands back the rows it still holds: pending again and due now,
 * unlocked, and the unfinished attempt not counted, so the next worker (or this one after a
 * restart) takes them at once instead of waiting out the lock. A handler still running here
 * finishes as "lost" (finishJob only writes while the lock is held); its effects are
 * idempotent, as after a crash.
 */
export async function releaseHeldJobs(workerId: string): Promise<number> {
  const at = now();
  return getDb().$executeRaw`
    UPDATE "Job" SET "status" = 'pending', "lockedBy" = NULL, "lockedUntil" = NULL,
      "runAt" = ${at}, "attempts" = GREATEST("attempts" - 1, 0), "updatedAt" = ${at}
    WHERE "lockedBy" = ${workerId} AND "status" = 'running'`;
}
