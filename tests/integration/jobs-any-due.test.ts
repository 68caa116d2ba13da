import { z } from "zod";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { anyDueJobs, claimDueJobs } from "@/lib/jobs/claim-jobs";
import { bindJob, defineJob } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { startPoller, stopPoller } from "@/lib/jobs/poller";
import { jobRow, testJobId, waitFor } from "../helpers/jobs";

// The poller probes a batch job whose last claim came back empty (anyDueJobs) before claiming
// it again: the probe must see exactly the rows a claim could take, or a due row would wait.

afterEach(() => stopPoller({ timeoutMs: 5000 }));

const row = (name: string, data: { status: "pending" | "running" | "completed"; runAt?: Date; lockedUntil?: Date }) =>
  getDb().job.create({
    data: {
      id: newId("job"),
      name,
      payload: {},
      status: data.status,
      runAt: data.runAt ?? now(),
      lockedUntil: data.lockedUntil,
      lockedBy: "w",
    },
  });

describe("anyDueJobs", () => {
  it("sees a due pending row and a running row whose lock expired, and nothing else", async () => {
    const name = testJobId("any-due");
    const later = () => new Date(now().getTime() + 60_000);
    const earlier = () => new Date(now().getTime() - 60_000);
    expect(await anyDueJobs({ names: [name] })).toBe(false);
    // Not due yet, held by a live worker, finished: nothing a claim could take.
    await row(name, { status: "pending", runAt: later() });
    await row(name, { status: "running", lockedUntil: later() });
    await row(name, { status: "completed", runAt: earlier() });
    await row(`${name}.other`, { status: "pending", runAt: earlier() });
    expect(await anyDueJobs({ names: [name] })).toBe(false);
    expect(await claimDueJobs({ names: [name], workerId: "w2", lockSeconds: 60, limit: 10 })).toEqual([]);
    // Due only after the grace (Inngest's head start): not yet.
    const due = await row(name, { status: "pending", runAt: new Date(now().getTime() - 1000) });
    expect(await anyDueJobs({ names: [name], graceMs: 10_000 })).toBe(false);
    expect(await anyDueJobs({ names: [name] })).toBe(true);
    expect((await claimDueJobs({ names: [name], workerId: "w2", lockSeconds: 60, limit: 10 })).map((j) => j.id)).toEqual([due.id]);
    expect(await anyDueJobs({ names: [name] })).toBe(false);
    // A worker died holding a row: its lock expires, and the row is due again.
    const lost = await row(name, { status: "running", lockedUntil: earlier() });
    expect(await anyDueJobs({ names: [name] })).toBe(true);
    expect((await claimDueJobs({ names: [name], workerId: "w2", lockSeconds: 60, limit: 10 })).map((j) => j.id)).toEqual([lost.id]);
  });

  it("lets the poller run a batch job that comes due after its claim came back empty", async () => {
    const ran: number[] = [];
    const job = bindJob(defineJob({ id: testJobId("idle-batch"), payload: z.object({ n: z.number() }), batch: { size: 10 } }), {
      run: async ({ n }) => {
        ran.push(n);
      },
      runBatch: async (items) => items.map(({ payload }) => void ran.push(payload.n)),
    });
    startPoller({ jobs: [job], pollIntervalMs: 50 });
    await new Promise((r) => setTimeout(r, 200)); // its first claims come back empty
    // Enqueued inside a transaction (no wake): due in 300 ms, found by the poll's probe.
    const { job: first } = await getDb().$transaction((tx) => enqueueJob(job, { n: 1 }, { tx, runAt: new Date(now().getTime() + 300) }));
    await waitFor(async () => (await jobRow(first.id)).status === "completed", 5000);
    const { job: second } = await enqueueJob(job, { n: 2 });
    await waitFor(async () => (await jobRow(second.id)).status === "completed", 5000);
    expect(ran).toEqual([1, 2]);
  });
});
