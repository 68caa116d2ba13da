import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { scheduleDedupeKey } from "@/lib/jobs/schedule";
import { jobRow, recordingJob } from "../helpers/jobs";

describe("jobs", () => {
  it("runs an enqueued job once with its validated payload", async () => {
    const { job, calls } = recordingJob("basic");
    const { job: row, created } = await enqueueJob(job, { n: 7 });
    expect(created).toBe(true);
    expect(row).toMatchObject({ name: job.id, status: "pending", attempts: 0, payload: { n: 7 } });
    await expect(enqueueJob(job, { n: "seven" } as never)).rejects.toThrow();

    const outcomes = await runDueJobsOnce({ jobs: [job] });
    expect(outcomes).toEqual([{ id: row.id, name: job.id, attempt: 1, status: "completed" }]);
    expect(calls).toHaveLength(1);
    expect(calls[0].payload).toEqual({ n: 7 });
    expect(calls[0].ctx).toMatchObject({ jobId: row.id, attempt: 1, maxAttempts: 10, driver: "poller" });
    const done = await jobRow(row.id);
    expect(done).toMatchObject({ status: "completed", attempts: 1, lockedBy: null, lockedUntil: null });
    expect(done.completedAt).toBeInstanceOf(Date);

    expect(await runDueJobsOnce({ jobs: [job] })).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it("leaves future jobs alone and keeps one waiting job per dedupe key", async () => {
    const { job, calls } = recordingJob("dedupe");
    const later = await enqueueJob(job, { n: 1 }, { runAt: new Date(now().getTime() + 3_600_000) });
    const key = `dedupe:${later.job.id}`;
    const first = await enqueueJob(job, { n: 2 }, { dedupeKey: key });
    const second = await enqueueJob(job, { n: 3 }, { dedupeKey: key });
    expect(second).toMatchObject({ created: false, job: { id: first.job.id, payload: { n: 2 } } });

    await runDueJobsOnce({ jobs: [job] });
    expect(calls.map((c) => c.payload)).toEqual([{ n: 2 }]);
    expect((await jobRow(later.job.id)).status).toBe("pending");
    // A finished job frees its key.
    expect((await jobRow(first.job.id)).dedupeKey).toBeNull();
    expect((await enqueueJob(job, { n: 4 }, { dedupeKey: key })).created).toBe(true);
  });

  it("enqueues inside a caller's transaction", async () => {
    const { job } = recordingJob("tx");
    const rolledBack = getDb().$transaction(async (tx) => {
      await enqueueJob(job, { n: 1 }, { tx, dedupeKey: `tx:${job.id}` });
      throw new Error("abort");
    });
    await expect(rolledBack).rejects.toThrow("abort");
    expect(await getDb().job.count({ where: { name: job.id } })).toBe(0);
    await getDb().$transaction((tx) => enqueueJob(job, { n: 2 }, { tx }));
    expect(await getDb().job.count({ where: { name: job.id } })).toBe(1);
  });

  it("retries a failed job after its backoff, then succeeds", async () => {
    const { job, calls } = recordingJob(
      "retry",
      (call) => {
        if (call === 1) throw new Error("smtp timeout");
      },
      { maxAttempts: 3, backoff: { baseSeconds: 30 } },
    );
    const { job: row } = await enqueueJob(job, {});
    const before = now().getTime();
    const [first] = await runDueJobsOnce({ jobs: [job] });
    expect(first).toMatchObject({ status: "retry", attempt: 1, error: expect.stringContaining("smtp timeout") });

    const waiting = await jobRow(row.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lockedBy: null });
    expect(waiting.lastError).toContain("smtp timeout");
    expect(waiting.runAt.getTime() - before).toBeGreaterThanOrEqual(30_000);
    expect(waiting.runAt.getTime() - before).toBeLessThan(40_000);
    expect(await runDueJobsOnce({ jobs: [job] })).toEqual([]);

    // Let the backoff pass.
    await getDb().job.update({ where: { id: row.id }, data: { runAt: new Date(now().getTime() - 1000) } });
    const [second] = await runDueJobsOnce({ jobs: [job] });
    expect(second).toMatchObject({ status: "completed", attempt: 2 });
    expect(calls.map((c) => c.ctx.attempt)).toEqual([1, 2]);
    const done = await jobRow(row.id);
    expect(done).toMatchObject({ status: "completed", attempts: 2 });
    expect(done.lastError).toContain("smtp timeout");
  });

  it("fails a job for good after maxAttempts, keeping the last error", async () => {
    const { job, calls } = recordingJob(
      "fail",
      (call) => {
        throw new Error(`boom ${call}`);
      },
      { maxAttempts: 2, backoff: () => 0 },
    );
    const { job: row } = await enqueueJob(job, {}, { dedupeKey: `fail:${job.id}` });
    expect((await runDueJobsOnce({ jobs: [job] }))[0].status).toBe("retry");
    const [last] = await runDueJobsOnce({ jobs: [job] });
    expect(last).toMatchObject({ status: "failed", attempt: 2, error: expect.stringContaining("boom 2") });
    expect(await runDueJobsOnce({ jobs: [job] })).toEqual([]);
    expect(calls).toHaveLength(2);
    const failed = await jobRow(row.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 2, dedupeKey: null, lockedBy: null });
    expect(failed.lastError).toContain("boom 2");
  });

  it("fails at once on a PermanentJobError", async () => {
    const { job } = recordingJob("permanent", () => {
      throw new PermanentJobError("template deleted");
    });
    const { job: row } = await enqueueJob(job, {});
    const [outcome] = await runDueJobsOnce({ jobs: [job] });
    expect(outcome).toMatchObject({ status: "failed", attempt: 1 });
    expect((await jobRow(row.id)).lastError).toContain("template deleted");
  });

  it("keeps a scheduled job armed: one pending row, re-armed after each run", async () => {
    const { job, calls } = recordingJob("scheduled", () => undefined, { schedule: { everySeconds: 600 } });
    const [outcome] = await runDueJobsOnce({ jobs: [job] });
    expect(outcome.status).toBe("completed");
    expect(calls).toHaveLength(1);
    expect(calls[0].payload).toEqual({ n: 0 });

    const rows = await getDb().job.findMany({ where: { name: job.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.status).sort()).toEqual(["completed", "pending"]);
    const next = rows.find((r) => r.status === "pending")!;
    expect(next.dedupeKey).toBe(scheduleDedupeKey(job.id));
    expect(next.runAt.getTime() - now().getTime()).toBeGreaterThan(590_000);

    expect(await runDueJobsOnce({ jobs: [job] })).toEqual([]);
    expect(await getDb().job.count({ where: { name: job.id, status: "pending" } })).toBe(1);
  });
});
