import type { Tx } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { enqueueJobs } from "@/lib/jobs/enqueue-jobs";
import { advanceEnrollmentJob } from "../enrollments/advance-enrollment-job";
import { runAdvanceDedupeKey } from "./advance-runs-sql";
import { convertGoalRunsSql, resumeWaitingRunsSql } from "./deliver-events-sql";
import { fanOutRunEvents } from "../fan-out-run-events";

/**
 * Contacts' events reach the runs they concern, inside the caller's transaction: first the runs
 * whose automation has a contact's event as its goal end as converted (wherever they are; each
 * an `automation.run.completed` event), then the runs waiting for it go on at once along their
 * event_received path. Each is one statement for all the events, an indexed lookup of each
 * contact's runs, never a scan of every waiting run. A contact appears at most once in `events`.
 */
export async function deliverEventsToRuns(tx: Tx, o: { accountId: string; events: { contactId: string; name: string }[] }) {
  if (!o.events.length) return { converted: 0, resumed: 0 };
  const at = now();
  const keys = { accountId: o.accountId, contactIds: o.events.map((e) => e.contactId), names: o.events.map((e) => e.name), at };
  const converted = await convertGoalRunsSql(tx, keys);
  await fanOutRunEvents(
    tx,
    converted.map((run) => ({
      type: "automation.run.completed" as const,
      run: { ...run, accountId: o.accountId, status: "completed" as const, outcome: "converted", completedAt: at },
    })),
    at,
  );
  const resumed = await resumeWaitingRunsSql(tx, keys);
  await enqueueJobs(
    advanceEnrollmentJob,
    resumed.map((run) => ({ payload: { enrollmentId: run.id }, runAt: at, dedupeKey: runAdvanceDedupeKey(run.id, run.stepKey, at) })),
    { tx, accountId: o.accountId },
  );
  return { converted: converted.length, resumed: resumed.length };
}
