import { afterEach, beforeAll, beforeEach } from "vitest";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { runnableJobs } from "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/poller";

/**
 * For a file that drives the automation engine by the test clock: every test may move the clock
 * (ENABLE_TEST_CLOCK), and the job table starts empty. runDueJobs runs every due job in the
 * database, and on the embedded database every file shares it (one after another): a job another
 * file left (an advance of an automation with no sender, say) would come due once a test moves
 * the clock days ahead, and fail there.
 */
export function withEngineTestClock() {
  beforeAll(async () => {
    await getDb().job.deleteMany({});
  });
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
