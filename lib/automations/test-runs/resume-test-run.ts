import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { ApiError, notFound } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { wakePoller } from "@/lib/jobs/poller-wake";
import { advanceEnrollmentJob } from "../enrollments/advance-enrollment-job";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { runAdvanceDedupeKey } from "../journeys/advance-runs-sql";
import { getTestRun } from "./get-test-run";

/**
 * The tester sends the event a journey's test run waits for: the run goes on at once along the
 * wait's event_received path, as a real contact's run does on POST /events (a test run has no
 * contact row, so no event reaches it otherwise; left alone, its wait times out in compressed
 * time). 409 when the run is not waiting for that event; 404 for another account's run.
 */
export async function sendTestRunEvent(options: { accountId: string; automationId: string; runId: string; name: string }) {
  const { name } = options;
  return resumeTestRun(options, { event: name }, `this test run is not waiting for the event ${name}`);
}

/**
 * The tester skips the wait a journey's test run is at: a delay ends, a wait for an event takes
 * its timeout path, now. 409 when the run is not waiting.
 */
export async function skipTestRunWait(options: { accountId: string; automationId: string; runId: string }) {
  return resumeTestRun(options, { event: null }, "this test run is not at a delay or a wait");
}

async function resumeTestRun(
  options: { accountId: string; automationId: string; runId: string },
  resume: { event: string | null },
  notWaiting: string,
) {
  const { accountId, automationId, runId } = options;
  await getAutomationOrThrow({ accountId, id: automationId });
  const db = getDb();
  const run = await db.enrollment.findFirst({ where: { id: runId, automationId, accountId, isTest: true }, select: { id: true } });
  if (!run) throw notFound("test run");
  const at = now();
  const resumed = await db.$transaction(async (tx) => {
    // The event: the wait is over with it (waitingEvent cleared). A skip: the run is due now
    // as it stands, so a wait still holding its event takes the timeout path. Either only at a
    // journey's delay or wait (a step key, a later due time).
    const rows = resume.event
      ? await tx.$queryRaw<{ id: string; stepKey: string }[]>`
          UPDATE "Enrollment" SET "waitingEvent" = NULL, "nextStepAt" = ${at}, "updatedAt" = ${at}
          WHERE id = ${runId} AND status = 'active' AND "waitingEvent" = ${resume.event}
          RETURNING id, "stepKey"`
      : await tx.$queryRaw<{ id: string; stepKey: string }[]>`
          UPDATE "Enrollment" SET "nextStepAt" = ${at}, "updatedAt" = ${at}
          WHERE id = ${runId} AND status = 'active' AND "stepKey" IS NOT NULL AND "nextStepAt" > ${at}
          RETURNING id, "stepKey"`;
    for (const row of rows) {
      await enqueueJob(
        advanceEnrollmentJob,
        { enrollmentId: row.id },
        { tx, runAt: at, dedupeKey: runAdvanceDedupeKey(row.id, row.stepKey, at), accountId },
      );
    }
    return rows.length > 0;
  });
  if (!resumed) throw new ApiError("conflict", notWaiting);
  // Enqueued inside the transaction, which does not wake a poller.
  wakePoller();
  return getTestRun({ accountId, automationId, runId });
}
