import { afterEach, beforeEach } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { runnableJobs } from "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/poller";

/**
 * For a file that drives the automation engine by the test clock: every test may move the clock
 * (ENABLE_TEST_CLOCK). The file starts with no jobs and the clock at real time
 * (tests/helpers/setup-env.ts), so runDueJobs, which runs every due job of the database, runs
 * only this file's.
 */
export function withEngineTestClock() {
  beforeEach(() => {
    process.env.ENABLE_TEST_CLOCK = "1";
    resetEnvCache();
  });
  afterEach(() => {
    delete process.env.ENABLE_TEST_CLOCK;
    resetEnvCache();
  });
}

/**
 * Runs the given jobs, `limit` at once as the worker does, until nothing more is due (at most
 * `rounds` polls); throws at the first job that failed or will retry.
 */
export async function runDueJobs(definitions: JobDefinition[], options: { limit: number; rounds: number }) {
  const jobs = runnableJobs(...definitions);
  for (let i = 0; i < options.rounds; i++) {
    const outcomes = await runDueJobsOnce({ jobs, schedules: false, limit: options.limit });
    const failed = outcomes.find((o) => o.status === "retry" || o.status === "failed");
    if (failed) throw new Error(`job did not complete: ${JSON.stringify(failed)}`);
    if (!outcomes.length) return;
  }
}
