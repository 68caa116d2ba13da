import type { JobDefinition } from "@/lib/jobs/define-job";

/** Runs the real poller (as `npm run worker` does) with these jobs until `done()` holds. */
export async function runWorkerUntil(definitions: JobDefinition[], done: () => Promise<boolean> | boolean) {
  const { startPoller, stopPoller } = await import("@/lib/jobs/poller");
  const { runnableJobs } = await import("@/lib/jobs/handlers");
  startPoller({ jobs: runnableJobs(...definitions), concurrency: 16, pollIntervalMs: 20, schedules: false });
  while (!(await done())) await new Promise((r) => setTimeout(r, 20));
  await stopPoller();
}
