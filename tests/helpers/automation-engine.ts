import { afterEach, beforeEach, expect } from "vitest";
import { POST as eventsRoute } from "@/app/api/v1/events/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { runnableJobs } from "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { call, makeAccount } from "./api";
import { makeVerifiedDomain } from "./domains";

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

/**
 * An account for engine tests: a verified sending domain (`from`), room in its rate limit, its
 * contacts' events through POST /events, and an automation's emails, oldest first.
 */
export async function engineAccount() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const { key } = account;
  return {
    ...account,
    from: `Acme <hello@${domain.domain}>`,
    event: async (email: string, name: string, properties?: Record<string, unknown>) =>
      expect((await call(eventsRoute, { method: "POST", path: "/", key, body: { email, name, properties } })).status).toBe(202),
    emails: (automationId: string) => getDb().email.findMany({ where: { automationId }, orderBy: { createdAt: "asc" } }),
  };
}
