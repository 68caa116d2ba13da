import type { Tx } from "@/lib/db/client";
import { scheduleAdvance } from "./enroll-contact";

/**
 * A waiting step's delay changed by `deltaMinutes` (edited while paused): move the due time of
 * the active enrollments waiting on it and schedule a job at the new time. The job at the old
 * time finds the step not yet due and does nothing. Test runs keep their compressed times.
 */
export async function rescheduleWaiting(tx: Tx, automationId: string, position: number, deltaMinutes: number) {
  if (!deltaMinutes) return;
  const moved = await tx.$queryRaw<{ id: string; accountId: string; nextStepAt: Date }[]>`
    UPDATE "Enrollment"
    SET "nextStepAt" = "nextStepAt" + make_interval(mins => ${deltaMinutes}::int)
    WHERE "automationId" = ${automationId} AND status = 'active' AND "nextPosition" = ${position}
      AND "nextStepAt" IS NOT NULL AND NOT "isTest"
    RETURNING id, "accountId", "nextStepAt"`;
  for (const row of moved) await scheduleAdvance(tx, row, position, new Date(row.nextStepAt));
}
