import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { maintenancePurgeJob } from "@/lib/jobs/maintenance-purge-job";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
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

  it("deletes finished automation test runs older than 30 days with their emails and inbox copies, never a running one or a real enrollment", async () => {
    const { accountId } = await makeAccount();
    const db = getDb();
    const at = now().getTime();
    const automation = await db.automation.create({
      data: { id: newId("aut"), accountId, name: "Purge", triggerType: "list_join", triggerConfig: { listName: "x" } },
    });
    const contact = await db.contact.create({
      data: { id: newId("con"), accountId, email: `purge-${randomBase62(8).toLowerCase()}@example.com` },
    });
    const enrollment = async (options: { isTest: boolean; status: "active" | "completed" | "failed"; ageDays: number }) => {
      const old = new Date(at - options.ageDays * DAY);
      const row = await db.enrollment.create({
        data: {
          id: newId("enr"),
          accountId,
          automationId: automation.id,
          contactId: options.isTest ? null : contact.id,
          testContact: options.isTest ? { email: "test@example.com", name: null, properties: {} } : undefined,
          isTest: options.isTest,
          status: options.status,
          enrolledAt: old,
          completedAt: options.status === "active" ? null : old,
        },
      });
      const email = await db.email.create({
        data: {
          id: newId("em"),
          accountId,
          from: "a@example.com",
          subject: "s",
          enrollmentId: row.id,
          automationId: automation.id,
          stepId: "step",
          isTest: options.isTest,
          recipients: { create: { id: newId("rcp"), accountId, email: "test@example.com", kind: "to", verpToken: randomBase62(20) } },
        },
      });
      // Its copy in the dev inbox (where every test-run email is delivered).
      await db.inboxMessage.create({
        data: { id: newId("inb"), accountId, emailId: email.id, from: "a@example.com", to: ["test@example.com"], subject: "s", raw: "x" },
      });
      return { row, email };
    };
    const oldCompleted = await enrollment({ isTest: true, status: "completed", ageDays: 31 });
    const oldFailed = await enrollment({ isTest: true, status: "failed", ageDays: 40 });
    const recent = await enrollment({ isTest: true, status: "completed", ageDays: 29 });
    const running = await enrollment({ isTest: true, status: "active", ageDays: 60 });
    const real = await enrollment({ isTest: false, status: "completed", ageDays: 365 });

    const result = await purgeExpiredRows({ batchSize: 1 });
    expect(result.testRuns).toBeGreaterThanOrEqual(2);
    const left = await db.enrollment.findMany({ where: { automationId: automation.id }, select: { id: true } });
    expect(left.map((e) => e.id).sort()).toEqual([recent.row.id, running.row.id, real.row.id].sort());
    const emails = await db.email.findMany({ where: { automationId: automation.id }, select: { id: true } });
    expect(emails.map((e) => e.id).sort()).toEqual([recent.email.id, running.email.id, real.email.id].sort());
    expect(await db.emailRecipient.count({ where: { emailId: { in: [oldCompleted.email.id, oldFailed.email.id] } } })).toBe(0);
    const inbox = await db.inboxMessage.findMany({ where: { accountId }, select: { emailId: true } });
    expect(inbox.map((m) => m.emailId).sort()).toEqual([recent.email.id, running.email.id, real.email.id].sort());
  });

  it("is a scheduled job that runs the purge and re-arms itself", async () => {
    const { accountId } = await seed();
    expect(maintenancePurgeJob.schedule?.everySeconds).toBe(3600);
    const outcomes = await runDueJobsOnce({ jobs: runnableJobs(maintenancePurgeJob) });
    expect(outcomes.every((o) => o.status === "completed" && o.name === "maintenance.purge")).toBe(true);
    expect(await getDb().idempotencyKey.count({ where: { accountId, key: "expired" } })).toBe(0);
    const next = await getDb().job.findUnique({ where: { dedupeKey: "schedule:maintenance.purge" } });
    expect(next).toMatchObject({ status: "pending" });
    expect(next!.runAt.getTime()).toBeGreaterThan(now().getTime() + 3_500_000);
  });
});
