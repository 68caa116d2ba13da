import { now } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import type { Job } from "@/lib/generated/prisma/client";
import { extendJobLock } from "./claim-jobs";
import type { JobContext, RunnableJob } from "./define-job";
import { finishCompletedJobs, finishJob, type JobOutcome } from "./finish-job";
import { extendJobLocksSql } from "./finish-jobs-sql";
import { PermanentJobError } from "./job-errors";

export interface ExecuteOptions {
  workerId: string;
  lockSeconds: number;
  driver: JobContext["driver"];
}

/** Runs a handler while keeping the row's lock alive, so a slow handler is not taken over. */
async function runWithHeartbeat(row: Job, job: RunnableJob, options: ExecuteOptions, payload: unknown) {
  const log = logger().child({ job: job.id, jobId: row.id, attempt: row.attempts });
  const beat = setInterval(
    () => {
      extendJobLock(row.id, options.workerId, options.lockSeconds)
        .then((held) => {
          if (!held) log.warn("job lock lost while its handler runs");
        })
        .catch((error) => log.warn({ err: error }, "could not extend job lock"));
    },
    Math.max(200, (options.lockSeconds * 1000) / 3),
  );
  beat.unref();
  try {
    const ctx: JobContext = {
      jobId: row.id,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      driver: options.driver,
      log,
    };
    await job.run(payload, ctx);
  } finally {
    clearInterval(beat);
  }
}

/**
 * Runs claimed rows of one batch job together (its definition's `batch`): one `runBatch` call,
 * one heartbeat for all their locks, the successes completed in one statement; a row whose item
 * failed is finished on its own as executeClaimedJob would (retry with backoff, or fail).
 */
export async function executeClaimedBatch(rows: Job[], job: RunnableJob, options: ExecuteOptions): Promise<JobOutcome[]> {
  const errors = new Map<Job, unknown>();
  const runnable: { row: Job; payload: unknown }[] = [];
  for (const row of rows) {
    const parsed = job.payload.safeParse(row.payload);
    if (row.attempts > row.maxAttempts)
      errors.set(row, new PermanentJobError(`gave up after ${row.maxAttempts} attempts; the last one's worker stopped`));
    else if (!parsed.success) errors.set(row, new PermanentJobError(`invalid payload: ${parsed.error.message}`));
    else runnable.push({ row, payload: parsed.data });
  }
  const log = logger().child({ job: job.id, batch: runnable.length });
  const ids = runnable.map((r) => r.row.id);
  const beat = setInterval(
    () => {
      // The application's clock, as the claim reads locks (a test clock ahead of the real one
      // would otherwise see every extended lock as expired, and another worker take the rows).
      const lockedUntil = new Date(now().getTime() + options.lockSeconds * 1000);
      extendJobLocksSql({ ids, workerId: options.workerId, lockedUntil })
        .then((held) => {
          if (held < ids.length) log.warn({ lost: ids.length - held }, "job locks lost while their batch runs");
        })
        .catch((error) => log.warn({ err: error }, "could not extend job locks"));
    },
    Math.max(200, (options.lockSeconds * 1000) / 3),
  );
  beat.unref();
  try {
    const results = runnable.length
      ? await job.runBatch!(
          runnable.map(({ row, payload }) => ({
            payload,
            ctx: { jobId: row.id, attempt: row.attempts, maxAttempts: row.maxAttempts, driver: options.driver, log },
          })),
        )
      : [];
    runnable.forEach(({ row }, i) => {
      if (results[i] !== undefined) errors.set(row, results[i] ?? new Error("handler threw a nullish value"));
    });
  } catch (thrown) {
    for (const { row } of runnable) errors.set(row, thrown ?? new Error("handler threw a nullish value"));
  } finally {
    clearInterval(beat);
  }
  const done = await finishCompletedJobs(
    rows.filter((row) => !errors.has(row)),
    options.workerId,
  );
  const failed = await Promise.all([...errors].map(([row, error]) => finishJob(row, job, options.workerId, error)));
  for (const outcome of failed) {
    const l = logger().child({ job: outcome.name, jobId: outcome.id, attempt: outcome.attempt });
    if (outcome.status === "failed") l.error({ error: outcome.error }, "job failed for good");
    else if (outcome.status === "retry") l.warn({ error: outcome.error, runAt: outcome.runAt }, "job failed; will retry");
  }
  return [...done, ...failed];
}

/** Runs one claimed row to its next state: completed, pending again with backoff, or failed. */
export async function executeClaimedJob(row: Job, job: RunnableJob, options: ExecuteOptions): Promise<JobOutcome> {
  let error: unknown = undefined;
  if (row.attempts > row.maxAttempts) {
    // Claimed again after its last attempt's worker died: that attempt counts.
    error = new PermanentJobError(`gave up after ${row.maxAttempts} attempts; the last one's worker stopped`);
  } else {
    const parsed = job.payload.safeParse(row.payload);
    if (!parsed.success) {
      error = new PermanentJobError(`invalid payload: ${parsed.error.message}`);
    } else {
      try {
        await runWithHeartbeat(row, job, options, parsed.data);
      } catch (thrown) {
        error = thrown ?? new Error("handler threw a nullish value");
      }
    }
  }
  const outcome = await finishJob(row, job, options.workerId, error);
  const log = logger().child({ job: row.name, jobId: row.id, attempt: row.attempts });
  if (outcome.status === "failed") log.error({ error: outcome.error }, "job failed for good");
  else if (outcome.status === "retry") log.warn({ error: outcome.error, runAt: outcome.runAt }, "job failed; will retry");
  else if (outcome.status === "deferred") log.debug({ reason: outcome.reason, runAt: outcome.runAt }, "job deferred");
  else if (outcome.status === "lost") log.warn("job finished after another worker took it over");
  else log.debug("job completed");
  return outcome;
}
