import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { pollerRunning, startPoller, stopPoller } from "@/lib/jobs/poller";
import { jobRow, recordingJob, waitFor } from "../helpers/jobs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOUR = 3_600_000;

afterEach(() => stopPoller({ timeoutMs: 5000 }));

describe("job poller", () => {
  it("runs due jobs in the background, at most JOB_CONCURRENCY at once", async () => {
    let inFlight = 0;
    let most = 0;
    const { job, calls } = recordingJob("concurrency", async () => {
      most = Math.max(most, ++inFlight);
      await sleep(150);
      inFlight--;
    });
    for (let n = 0; n < 5; n++) await enqueueJob(job, { n });
    startPoller({ jobs: [job], pollIntervalMs: 50, concurrency: 2 });
    expect(pollerRunning()).toBe(true);
    await waitFor(async () => (await getDb().job.count({ where: { name: job.id, status: "completed" } })) === 5);
    expect(calls).toHaveLength(5);
    expect(most).toBe(2);
  });

  it("picks up newly enqueued due work at once instead of at the next poll", async () => {
    const { job, calls } = recordingJob("wake");
    // No timed poll comes after the first within the test: only the enqueue's wake can run the job.
    startPoller({ jobs: [job], pollIntervalMs: HOUR });
    await sleep(300); // the first poll has come and gone
    const { job: row } = await enqueueJob(job, { n: 1 });
    await waitFor(async () => (await jobRow(row.id)).status === "completed");
    expect(calls).toHaveLength(1);
  });

  it("stops gracefully: no new claims, running handlers finish", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, calls } = recordingJob("graceful", async (call) => {
      if (call === 1) await gate;
    });
    const { job: slow } = await enqueueJob(job, { n: 1 });
    startPoller({ jobs: [job], pollIntervalMs: 50 });
    await waitFor(async () => calls.length === 1);

    const stopping = stopPoller();
    await sleep(100);
    const { job: late } = await enqueueJob(job, { n: 2 });
    expect((await jobRow(slow.id)).status).toBe("running");
    release();
    await stopping;
    expect(pollerRunning()).toBe(false);
    expect((await jobRow(slow.id)).status).toBe("completed");
    await sleep(200);
    expect((await jobRow(late.id)).status).toBe("pending");
    expect(calls).toHaveLength(1);
  });

  it("never starts a row twice while it runs, even once its lock lapsed (the database away longer than the lock)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, calls } = recordingJob("lapsed", async (call) => {
      if (call === 1) await gate;
    });
    const { job: row } = await enqueueJob(job, { n: 1 });
    startPoller({ jobs: [job], pollIntervalMs: 50 });
    await waitFor(async () => calls.length === 1);
    // What an outage leaves: the heartbeat could not reach the database, and the lock ran out.
    await getDb().job.update({ where: { id: row.id }, data: { lockedUntil: new Date(Date.now() - 60_000) } });
    await sleep(600); // a dozen passes of the poller
    expect(calls).toHaveLength(1);
    release();
    await waitFor(async () => (await jobRow(row.id)).status === "completed");
    expect(calls).toHaveLength(1);
  });

  it("takes back a row whose run ended without recording its outcome, once its lock lapses", async () => {
    const { job, calls } = recordingJob("unrecorded");
    const { job: row } = await enqueueJob(job, { n: 1 });
    // A row left running by this worker, its run over (the outcome's write was lost): not held.
    await getDb().job.update({
      where: { id: row.id },
      data: { status: "running", lockedBy: "poller:gone", lockedUntil: new Date(Date.now() - 1000), attempts: 1 },
    });
    startPoller({ jobs: [job], pollIntervalMs: 50 });
    await waitFor(async () => (await jobRow(row.id)).status === "completed");
    expect(calls).toHaveLength(1);
  });
});
