import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/inngest/route";
import { resetEnvCache } from "@/lib/config/env";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getInngest, jobEventName } from "@/lib/jobs/inngest-client";
import { runnableJob } from "@/lib/jobs/handlers";
import { createJobFunction, getInngestFunctions } from "@/lib/jobs/inngest-functions";
import { jobDefinitions } from "@/lib/jobs/registry";
import { getDb } from "@/lib/db/client";
import { announcePendingJobs } from "@/lib/jobs/announce-pending-jobs";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getEmailRoute } from "@/app/api/v1/emails/[id]/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { jobRow, recordingJob } from "../helpers/jobs";

const savedDev = process.env.INNGEST_DEV;

afterEach(() => {
  if (savedDev === undefined) delete process.env.INNGEST_DEV;
  else process.env.INNGEST_DEV = savedDev;
  resetEnvCache();
  vi.restoreAllMocks();
});

function engineFor(job: Parameters<typeof createJobFunction>[0]) {
  return new InngestTestEngine({ function: createJobFunction(job) });
}

describe("Inngest driver", () => {
  it("runs the same handler on the job's row", async () => {
    const { job, calls } = recordingJob("inngest");
    const { job: row } = await enqueueJob(job, { n: 3 });
    const { result, error } = await engineFor(job).execute({
      events: [{ name: jobEventName(job.id), data: { jobId: row.id, runAt: row.runAt.toISOString() } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ status: "completed", attempt: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0].payload).toEqual({ n: 3 });
    expect(calls[0].ctx).toMatchObject({ jobId: row.id, attempt: 1, driver: "inngest" });
    expect(await jobRow(row.id)).toMatchObject({ status: "completed", attempts: 1 });

    // A second delivery of the event (or the poller's sweep) finds it done.
    const again = await engineFor(job).execute({ events: [{ name: jobEventName(job.id), data: { jobId: row.id } }] });
    expect(again.result).toEqual({ status: "skipped", reason: "completed" });
    expect(calls).toHaveLength(1);
  });

  it("fails the step so Inngest retries, recording the attempt on the row", async () => {
    const { job, calls } = recordingJob("inngest-retry", (n) => {
      if (n === 1) throw new Error("receiver down");
    });
    const { job: row } = await enqueueJob(job, {});
    const event = { name: jobEventName(job.id), data: { jobId: row.id } };
    const first = await engineFor(job).execute({ events: [event] });
    expect(first.error).toMatchObject({ message: expect.stringContaining("receiver down") });
    expect(await jobRow(row.id)).toMatchObject({ status: "pending", attempts: 1 });

    const retry = await engineFor(job).execute({ events: [event] });
    expect(retry.result).toEqual({ status: "completed", attempt: 2 });
    expect(calls).toHaveLength(2);
  });

  it("stops Inngest's retries once the job is out of attempts", async () => {
    const { job } = recordingJob("inngest-final", () => Promise.reject(new Error("mailbox gone")), { maxAttempts: 1 });
    const { job: row } = await enqueueJob(job, {});
    const { error } = await engineFor(job).execute({ events: [{ name: jobEventName(job.id), data: { jobId: row.id } }] });
    expect(error).toMatchObject({ name: "NonRetriableError", message: expect.stringContaining("mailbox gone") });
    expect(await jobRow(row.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("sleeps until a future job is due", async () => {
    const { job, calls } = recordingJob("inngest-later");
    const runAt = new Date(now().getTime() + 3_600_000);
    const { job: row } = await enqueueJob(job, {}, { runAt });
    const { ctx, result } = await engineFor(job).execute({
      events: [{ name: jobEventName(job.id), data: { jobId: row.id, runAt: runAt.toISOString() } }],
      steps: [{ id: "wait-until-due", handler: () => undefined }],
    });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-until-due", runAt.toISOString());
    expect(result).toEqual({ status: "completed", attempt: 1 });
    expect(calls).toHaveLength(1);
  });

  it("runs a scheduled job's handler directly on a cron tick", async () => {
    const { job, calls } = recordingJob("inngest-cron", () => undefined, { schedule: { everySeconds: 900 } });
    const { result } = await engineFor(job).execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "*/15 * * * *" } }],
    });
    expect(result).toEqual({ status: "completed" });
    expect(calls[0].ctx).toMatchObject({ jobId: null, driver: "inngest" });
    expect(createJobFunction(job).opts.triggers).toEqual([{ event: jobEventName(job.id) }, { cron: "*/15 * * * *" }]);
  });

  it("serves one function per registered job, only when Inngest is on", async () => {
    expect(getInngestFunctions().map((fn) => fn.opts.name)).toEqual(jobDefinitions.map((d) => d.id));
    const off = await call(GET, { path: "/api/inngest" });
    expect(off.status).toBe(404);
    expect(off.json.error.code).toBe("not_found");

    process.env.INNGEST_DEV = "1";
    resetEnvCache();
    const on = await call(GET, { path: "/api/inngest" });
    expect(on.status).toBe(200);
    expect(on.json.function_count).toBe(jobDefinitions.length);
  });

  it("sends an event for each new job when Inngest is on", async () => {
    process.env.INNGEST_DEV = "1";
    resetEnvCache();
    const send = vi.spyOn(await getInngest(), "send").mockResolvedValue({ ids: ["x"] } as never);
    const { job } = recordingJob("inngest-send");
    const { job: row } = await enqueueJob(job, { n: 1 }, { dedupeKey: `send:${job.id}` });
    await enqueueJob(job, { n: 2 }, { dedupeKey: `send:${job.id}` });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      id: row.id,
      name: jobEventName(job.id),
      data: { jobId: row.id, runAt: row.runAt.toISOString() },
    });
  });

  it("sends the event of a job enqueued in a transaction only after the commit, and never for a rollback", async () => {
    process.env.INNGEST_DEV = "1";
    resetEnvCache();
    const send = vi.spyOn(await getInngest(), "send").mockResolvedValue({ ids: ["x"] } as never);
    const sentIds = () => send.mock.calls.map(([payload]) => (payload as { id: string }).id);
    const { job } = recordingJob("inngest-outbox");

    let rolledBack = "";
    await expect(
      getDb().$transaction(async (tx) => {
        rolledBack = (await enqueueJob(job, { n: 1 }, { tx })).job.id;
        throw new Error("the caller's write failed");
      }),
    ).rejects.toThrow(/caller's write failed/);
    const committed = await getDb().$transaction(async (tx) => {
      const { job: row } = await enqueueJob(job, { n: 2 }, { tx });
      // Nothing reaches Inngest while the transaction (and its row locks) is open.
      expect(sentIds()).not.toContain(row.id);
      return row.id;
    });
    expect(sentIds()).not.toContain(committed);
    expect(await jobRow(committed)).toMatchObject({ announcedAt: null });

    // The sweeper's drain announces the committed row, once.
    await announcePendingJobs();
    await announcePendingJobs();
    expect(sentIds().filter((id) => id === committed)).toHaveLength(1);
    expect(sentIds()).not.toContain(rolledBack);
    expect((await jobRow(committed)).announcedAt).not.toBeNull();
    expect(send).toHaveBeenCalledWith({ id: committed, name: jobEventName(job.id), data: { jobId: committed, runAt: expect.any(String) } });
  });
});

describe("the registered functions under @inngest/test", () => {
  async function sender() {
    const account = await makeAccount();
    const { domain } = await makeVerifiedDomain(account.accountId);
    return { ...account, from: `Acme <hi@${domain}>` };
  }
  const jobOf = async (name: string, field: string, id: string) =>
    (await getDb().job.findMany({ where: { name, status: "pending" } })).find((j) => (j.payload as Record<string, string>)[field] === id)!;

  it("runs email.send on the email's job row", async () => {
    const s = await sender();
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: s.key,
      body: { from: s.from, to: ["delivered@simulator.test"], subject: "s", text: "x" },
    });
    expect(res.status).toBe(201);
    const row = await jobOf(emailSendJob.id, "emailId", res.json.id);
    const { result, error } = await engineFor(runnableJob(emailSendJob)).execute({
      events: [{ name: jobEventName(emailSendJob.id), data: { jobId: row.id, runAt: row.runAt.toISOString() } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ status: "completed", attempt: 1 });
    const email = await call(getEmailRoute, { path: "/", key: s.key, params: { id: res.json.id } });
    expect(email.json.status).toBe("delivered");
  });

  it("runs automation.enrollment.advance on the enrollment's job row", async () => {
    const s = await sender();
    const post = async (route: Parameters<typeof call>[0], body: unknown, params: Record<string, string> = {}) =>
      (await call(route, { method: "POST", path: "/", key: s.key, body, params })).json;
    const list = await post(createListRoute, { name: "Inngest" });
    const automation = await post(createAutomationRoute, {
      name: "A",
      from: s.from,
      triggerType: "list_join",
      triggerConfig: { listName: "Inngest" },
      steps: [{ delayMinutes: 0, subject: "Hi {{name}}", bodyHtml: "<p>Hi</p>" }],
    });
    await post(activateRoute, undefined, { id: automation.id });
    await post(addMemberRoute, { email: "delivered@simulator.test", name: "Ann" }, { id: list.id });
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: automation.id } });
    const row = await jobOf(advanceEnrollmentJob.id, "enrollmentId", enrollment.id);
    const { result, error } = await engineFor(runnableJob(advanceEnrollmentJob)).execute({
      events: [{ name: jobEventName(advanceEnrollmentJob.id), data: { jobId: row.id, runAt: row.runAt.toISOString() } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ status: "completed", attempt: 1 });
    expect(await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } })).toMatchObject({ status: "completed" });
    expect(await getDb().email.count({ where: { enrollmentId: enrollment.id } })).toBe(1);
  });
});
