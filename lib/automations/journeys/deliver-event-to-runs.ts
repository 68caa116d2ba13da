import type { Tx } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { advanceEnrollmentJob } from "../enrollments/advance-enrollment-job";
import { runAdvanceDedupeKey } from "./advance-runs-sql";
import { convertGoalRunsSql, resumeWaitingRunsSql } from "./deliver-event-sql";
import { fanOutRunEvents } from "../fan-out-run-events";

/**
 * A contact's event reaches the runs it concerns, inside the caller's transaction: first the
 * runs whose automation has it as its goal end as converted (wherever they are; each an
 * `automation.run.completed` event), then the runs
 * waiting for it go on at once along their event_received path. Each is an indexed lookup of
 * this contact's runs, never a scan of every waiting run.
 */
export async function deliverEventToRuns(tx: Tx, o: { accountId: string; contactId: string; name: string }) {
  const at = now();
  const converted = await convertGoalRunsSql(tx, { ...o, at });
  const ended = converted.map((run) => ({
    ...run,
    accountId: o.accountId,
    contactId: o.contactId,
    status: "completed" as const,
    outcome: "converted",
    completedAt: at,
  }));
  await fanOutRunEvents(
    tx,
    ended.map((run) => ({ type: "automation.run.completed" as const, run })),
    at,
  );
  const resumed = await resumeWaitingRunsSql(tx, { ...o, at });
  for (const run of resumed) {
    await enqueueJob(
      advanceEnrollmentJob,
      { enrollmentId: run.id },
      { tx, runAt: at, dedupeKey: runAdvanceDedupeKey(run.id, run.stepKey, at), accountId: run.accountId },
    );
  }
  return { converted: converted.length, resumed: resumed.length };
}
