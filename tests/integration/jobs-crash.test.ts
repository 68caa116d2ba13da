import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { setClock } from "@/lib/clock/clock";
import { resetEnvCache } from "@/lib/config/env";
import { jobRow, recordingJob, waitFor } from "../helpers/jobs";

const CHILD = path.resolve(import.meta.dirname, "../helpers/job-worker-child.ts");
let child: ChildProcess | undefined;

// The test clock (shared through the database, so the child's lock is read on the same clock).
beforeAll(() => {
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.ENABLE_TEST_CLOCK;
  resetEnvCache();
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

describe("a worker killed while holding a job", () => {
  it("loses nothing: the job runs again once the dead worker's lock expires", async () => {
    const { job, calls } = recordingJob("crash");
    const { job: row } = await enqueueJob(job, { n: 1 });

    // node --import tsx, not npx: the process we kill must be the one holding the row.
    child = spawn(process.execPath, ["--import", "tsx", CHILD, job.id], {
      env: { ...process.env, JOB_LOCK_SECONDS: "60", DB_POOL_SIZE: "2", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.once("exit", (_code, signal) => resolve(signal)));

    await waitFor(async () => output.includes(`started ${row.id} attempt 1`), 60_000).catch((error) => {
      throw new Error(`${error.message}; child output:\n${output}`);
    });
    const held = await jobRow(row.id);
    expect(held).toMatchObject({ status: "running", attempts: 1 });
    expect(held.lockedBy).toContain(`:${child.pid}:`);

    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    // Still locked by the dead worker: nobody takes it yet. The lock is long (a loaded machine
    // must not let it run out before this check); the shared clock then moves past it.
    expect(await runDueJobsOnce({ jobs: [job] })).toEqual([]);
    await setClock({ advanceMinutes: 2 });
    const outcome = await waitFor(async () => (await runDueJobsOnce({ jobs: [job] }))[0], 15_000);
    expect(outcome).toMatchObject({ id: row.id, status: "completed", attempt: 2 });

    const done = await jobRow(row.id);
    expect(done).toMatchObject({ status: "completed", attempts: 2, lockedBy: null });
    expect(calls).toHaveLength(1);
    expect(calls[0].ctx.attempt).toBe(2);
    expect(calls[0].payload).toEqual({ n: 1 });
  });
});
