import { inngestEnabled } from "@/lib/config/env";
import type { RunnableJob } from "./define-job";
import type { JobOutcome } from "./finish-job";
import { runDueJobsOnce } from "./poller";

/** With Inngest on, a row is "lost" once it is this late: Inngest had its chance to run it. */
export const INNGEST_SWEEP_GRACE_MS = 5 * 60_000;

/**
 * One pass of the recovery sweep for deploys without a worker (Vercel's cron calls it through
 * /api/cron/sweep-jobs): runs up to `limit` job rows that are due and that Inngest never ran (a
 * lost event, an outage), so a lost event is not a lost email. Without Inngest there is no
 * other driver, so every due row is taken and the scheduled rows are kept armed. `jobs` are the
 * registered jobs bound to their handlers (the route passes lib/jobs/handlers.ts's).
 */
export async function sweepLostJobs(options: { limit: number; jobs: readonly RunnableJob[] }) {
  const inngest = inngestEnabled();
  const outcomes = await runDueJobsOnce({
    jobs: options.jobs,
    limit: options.limit,
    graceMs: inngest ? INNGEST_SWEEP_GRACE_MS : 0,
    schedules: !inngest,
  });
  const count = (status: JobOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  return { ran: outcomes.length, completed: count("completed"), retried: count("retry"), failed: count("failed") };
}
