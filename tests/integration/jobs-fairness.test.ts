import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { newId } from "@/lib/db/ids";
import { claimDueJobs, newWorkerId } from "@/lib/jobs/claim-jobs";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { startPoller, stopPoller } from "@/lib/jobs/poller";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { recordingJob, waitFor } from "../helpers/jobs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => stopPoller({ timeoutMs: 10_000 }));

describe("fair claiming across accounts", () => {
  it("runs a second account's work while the first account's slow backlog is still running", async () => {
    const slowAccount = newId("acc");
    const otherAccount = newId("acc");
    const finished: { account: string; at: number }[] = [];
    // Account A: a backlog of slow jobs (a hanging webhook endpoint); account B: quick sends.
    const { job: slow } = recordingJob("fair-slow", async () => {
      await sleep(250);
      finished.push({ account: slowAccount, at: Date.now() });
    });
    const { job: quick } = recordingJob("fair-quick", async () => {
      finished.push({ account: otherAccount, at: Date.now() });
    });
    const earlier = new Date(now().getTime() - 60_000);
    for (let n = 0; n < 16; n++) await enqueueJob(slow, { n }, { accountId: slowAccount, runAt: earlier });
    for (let n = 0; n < 4; n++) await enqueueJob(quick, { n }, { accountId: otherAccount });

    startPoller({ jobs: [slow, quick], pollIntervalMs: 50, concurrency: 2, schedules: false });
    await waitFor(async () => finished.length === 20, 30_000);

    const order = finished.map((f) => (f.account === slowAccount ? "A" : "B")).join("");
    const lastQuick = order.lastIndexOf("B");
    // B's work is all done while most of A's older backlog still waits (oldest-first would run
    // all 16 of A's jobs, 250 ms each on 2 slots, before any of B's).
    expect(order.slice(0, lastQuick).split("A").length - 1, order).toBeLessThanOrEqual(4);
  });

  it("gives every slot to one account when no other account has due work", async () => {
    const account = newId("acc");
    const { job } = recordingJob("fair-alone");
    for (let n = 0; n < 6; n++) await enqueueJob(job, { n }, { accountId: account });
    const claimed = await claimDueJobs({ workerId: newWorkerId("test"), lockSeconds: 30, names: [job.id], limit: 4 });
    expect(claimed).toHaveLength(4);
    expect(new Set(claimed.map((row) => row.accountId))).toEqual(new Set([account]));
  });

  it("splits one claim between accounts, counting what each already has running", async () => {
    const [a, b, c] = [newId("acc"), newId("acc"), newId("acc")];
    const { job } = recordingJob("fair-split");
    const earlier = new Date(now().getTime() - 60_000);
    for (let n = 0; n < 6; n++) await enqueueJob(job, { n }, { accountId: a, runAt: earlier });
    for (let n = 0; n < 6; n++) await enqueueJob(job, { n }, { accountId: b });
    // C's rows are the oldest, but C already holds two running rows (another worker's).
    const earliest = new Date(earlier.getTime() - 60_000);
    for (let n = 0; n < 6; n++) await enqueueJob(job, { n }, { accountId: c, runAt: earliest });
    await getDb().job.updateMany({
      where: { name: job.id, accountId: c, payload: { path: ["n"], lt: 2 } },
      data: { status: "running", lockedBy: "elsewhere", lockedUntil: new Date(now().getTime() + 60_000) },
    });
    const claimed = await claimDueJobs({ workerId: newWorkerId("test"), lockSeconds: 30, names: [job.id], limit: 4 });
    const per = (id: string) => claimed.filter((row) => row.accountId === id).length;
    // Four slots: A and B take two each, as many as C already holds.
    expect([per(a), per(b), per(c)]).toEqual([2, 2, 0]);
    // Oldest first within an account: A's two oldest rows are the ones taken (RETURNING gives
    // no order, so compare the set).
    const ns = claimed.filter((row) => row.accountId === a).map((row) => (row.payload as { n: number }).n);
    expect(ns.sort()).toEqual([0, 1]);
  });

  it("records the account on the jobs the accept path writes", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: account.key,
      body: { from: `a@${domain.domain}`, to: "delivered@simulator.test", subject: "s", text: "t" },
    });
    expect(res.status).toBe(201);
    const job = await getDb().job.findFirstOrThrow({ where: { name: "email.send", payload: { path: ["emailId"], equals: res.json.id } } });
    expect(job.accountId).toBe(account.accountId);
  });
});
