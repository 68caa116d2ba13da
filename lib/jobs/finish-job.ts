import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { inngestEnabled } from "@/lib/config/env";
import type { Job } from "@/lib/generated/prisma/client";
import { backoffDelayMs } from "./backoff";
import type { RunnableJob } from "./define-job";
import { describeError, JobDeferredError, PermanentJobError } from "./job-errors";
import { scheduleNextRun } from "./schedule";
import { finishCompletedJobsSql } from "./finish-jobs-sql";

export type JobOutcome = { id: string; name: string; attempt: number } & (
  | { status: "completed" }
  | { status: "retry"; runAt: Date; error: string }
  // Put back without counting the try (a JobDeferredError): not a failure.
  | { status: "deferred"; runAt: Date; reason: string }
  | { status: "failed"; error: string }
  // Another worker took the row over (our lock expired); it decides what happens next.
  | { status: "lost" }
);

// Every finish is conditional on still holding the lock: a worker that lost its row must not
// overwrite the result of the worker that took it over.
function heldBy(row: Job, workerId: string) {
  return { id: row.id, lockedBy: workerId, status: "running" as const };
}

/**
 * Moves a claimed row to its next state after its handler ran (`error` undefined = success):
 * completed; pending again after the backoff; or failed once attempts run out. Finishing for
 * good clears the dedupe key (so the key can be enqueued again) and re-arms a scheduled job.
 */
export async function finishJob(row: Job, job: RunnableJob, workerId: string, error?: unknown): Promise<JobOutcome> {
  const base = { id: row.id, name: row.name, attempt: row.attempts };
  const at = now();
  const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: at };
  const db = getDb();

  if (error instanceof JobDeferredError) {
    const runAt = new Date(at.getTime() + error.delayMs);
    const { count } = await db.job.updateMany({
      where: heldBy(row, workerId),
      data: { ...unlocked, status: "pending", runAt, attempts: Math.max(0, row.attempts - 1) },
    });
    return count ? { ...base, status: "deferred", runAt, reason: error.message } : { ...base, status: "lost" };
  }

  const failed = error !== undefined;
  if (failed && row.attempts < row.maxAttempts && !(error instanceof PermanentJobError)) {
    const runAt = new Date(at.getTime() + backoffDelayMs(row.attempts, job.backoff));
    const message = describeError(error);
    const { count } = await db.job.updateMany({
      where: heldBy(row, workerId),
      data: { ...unlocked, status: "pending", runAt, lastError: message },
    });
    return count ? { ...base, status: "retry", runAt, error: message } : { ...base, status: "lost" };
  }

  const lastError = failed ? describeError(error) : undefined;
  if (lastError !== undefined && job.onExhausted) {
    // Before the row is failed (a throw here leaves it running; its lock expires and the next
    // claim, past its attempts, comes back here), so the records never stay half-done.
    const parsed = job.payload.safeParse(row.payload);
    if (parsed.success) await job.onExhausted(parsed.data, { error: lastError });
  }
  const data = failed
    ? { ...unlocked, status: "failed" as const, lastError, dedupeKey: null }
    : { ...unlocked, status: "completed" as const, completedAt: at, dedupeKey: null };
  // With Inngest on, its cron runs schedules; a leftover row from embedded days is not re-armed.
  const schedule = inngestEnabled() ? undefined : job.schedule;
  // The next run goes in with this one's finish, so no crash between them can end a schedule.
  const { count } = schedule
    ? await db.$transaction(async (tx) => {
        const result = await tx.job.updateMany({ where: heldBy(row, workerId), data });
        await scheduleNextRun(job, new Date(at.getTime() + schedule.everySeconds * 1000), tx);
        return result;
      })
    : await db.job.updateMany({ where: heldBy(row, workerId), data });
  if (!count) return { ...base, status: "lost" };
  return lastError === undefined ? { ...base, status: "completed" } : { ...base, status: "failed", error: lastError };
}

/**
 * Completes many claimed rows whose handlers succeeded, in one statement (a batch; no
 * schedules). Each row is finished only if this worker still holds it; the others are "lost".
 */
export async function finishCompletedJobs(rows: Job[], workerId: string): Promise<JobOutcome[]> {
  if (!rows.length) return [];
  const at = now();
  const done = await finishCompletedJobsSql({
    ids: rows.map((r) => r.id),
    workerId,
    at,
  });
  const held = new Set(done);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    attempt: row.attempts,
    ...(held.has(row.id) ? { status: "completed" as const } : { status: "lost" as const }),
  }));
}
