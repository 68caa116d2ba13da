import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { maintenancePurgeJob } from "@/lib/jobs/definitions/maintenance-purge";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { purgeExpiredRows } from "@/lib/jobs/purge-expired-rows";
import { makeAccount } from "../helpers/api";
import { testJobId } from "../helpers/jobs";

const DAY = 86_400_000;

async function seed() {
  const { accountId } = await makeAccount();
  const at = now().getTime();
  const key = (name: string, expiresIn: number) =>
    getDb().idempotencyKey.create({
      data: { id: newId("idk"), accountId, key: name, requestHash: "h", expiresAt: new Date(at + expiresIn) },
    });
  const name = testJobId("purge");
  const job = (status: "pending" | "running" | "completed" | "failed", ageDays: number) => {
    const old = new Date(at - ageDays * DAY);
    return getDb().job.create({
      data: {
        id: newId("job"),
        name,
        status,
        runAt: old,
        updatedAt: old,
        completedAt: status === "completed" ? old : null,
      },
    });
  };
  return {
    accountId,
    name,
    keys: { expired: await key("expired", -1000), live: await key("live", DAY) },
    jobs: {
      oldCompleted: await job("completed", 8),
      recentCompleted: await job("completed", 6),
      oldFailed: await job("failed", 8),
      recentFailed: await job("failed", 1),
      oldPending: await job("pending", 30),
      oldRunning: await job("running", 30),
    },
  };
}

describe("maintenance.purge", () => {
  it("deletes expired idempotency keys and finished jobs older than 7 days, nothing else", async () => {
    const { accountId, name, jobs } = await seed();
    const result = await purgeExpiredRows({ batchSize: 1 });
    expect(result.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(result.jobs).toBeGreaterThanOrEqual(2);

    const keys = await getDb().idempotencyKey.findMany({ where: { accountId } });
    expect(keys.map((k) => k.key)).toEqual(["live"]);
    const left = await getDb().job.findMany({ where: { name } });
    expect(left.map((j) => j.id).sort()).toEqual(
      [jobs.recentCompleted.id, jobs.recentFailed.id, jobs.oldPending.id, jobs.oldRunning.id].sort(),
    );

    // Idempotent: a second pass finds nothing of ours.
    await purgeExpiredRows();
    expect(await getDb().job.count({ where: { name } })).toBe(4);
  });

  it("is a scheduled job that runs the purge and re-arms itself", async () => {
    const { accountId } = await seed();
    expect(maintenancePurgeJob.schedule?.everySeconds).toBe(3600);
    const outcomes = await runDueJobsOnce({ definitions: [maintenancePurgeJob] });
    expect(outcomes.every((o) => o.status === "completed" && o.name === "maintenance.purge")).toBe(true);
    expect(await getDb().idempotencyKey.count({ where: { accountId, key: "expired" } })).toBe(0);
    const next = await getDb().job.findUnique({ where: { dedupeKey: "schedule:maintenance.purge" } });
    expect(next).toMatchObject({ status: "pending" });
    expect(next!.runAt.getTime()).toBeGreaterThan(now().getTime() + 3_500_000);
  });
});
