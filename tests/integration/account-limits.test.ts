import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DELETE as revokeKeyRoute, POST as createKeyRoute } from "@/app/api/v1/api-keys/route";
import { POST as createDomainRoute } from "@/app/api/v1/domains/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as startRunRoute } from "@/app/api/v1/automations/[id]/test-runs/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { now, setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { TEST_RUN_STEP_DELAY_MS } from "@/lib/automations/test-runs/test-run-timing";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";

// What an account can hold of the resources that cost the service while they exist (keys,
// domains, automations), and the dev inbox bytes its free automation test runs may take a day.

const SETTINGS = ["API_KEY_MAX_PER_ACCOUNT", "DOMAIN_MAX_PER_ACCOUNT", "AUTOMATION_MAX_PER_ACCOUNT", "TEST_RUN_INBOX_MB_PER_DAY"];
beforeEach(() => {
  process.env.API_KEY_MAX_PER_ACCOUNT = "3";
  process.env.DOMAIN_MAX_PER_ACCOUNT = "2";
  process.env.AUTOMATION_MAX_PER_ACCOUNT = "2";
  process.env.TEST_RUN_INBOX_MB_PER_DAY = "1";
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterEach(() => {
  for (const name of [...SETTINGS, "ENABLE_TEST_CLOCK"]) delete process.env[name];
  resetEnvCache();
});

const post = (handler: Parameters<typeof call>[0], key: string, body: unknown, params?: Record<string, string>) =>
  call(handler, { method: "POST", path: "/", key, body, params });

const automationBody = (from: string, steps: { subject: string; bodyHtml: string }[]) => ({
  name: "Limits",
  from,
  triggerType: "list_join",
  triggerConfig: { listName: "Trial" },
  steps: steps.map((s) => ({ delayMinutes: 0, ...s })),
});

describe("account limits", () => {
  it("refuses a key, a domain or an automation past the account's limit, and counts only what is left", async () => {
    const { key, accountId } = await makeAccount(); // one active key already
    const keys = [await post(createKeyRoute, key, { name: "b" }), await post(createKeyRoute, key, { name: "c" })];
    expect(keys.map((r) => r.status)).toEqual([201, 201]);
    const fourth = await post(createKeyRoute, key, { name: "d" });
    expect(fourth.status).toBe(403);
    expect(fourth.json.error).toMatchObject({ code: "limit_reached", message: expect.stringContaining("at most 3 active API keys") });
    // A revoked key no longer counts.
    const revoked = await call(revokeKeyRoute, { method: "DELETE", path: `/api/v1/api-keys?id=${keys[0].json.id}`, key });
    expect(revoked.status).toBe(200);
    expect((await post(createKeyRoute, key, { name: "d" })).status).toBe(201);

    expect((await post(createDomainRoute, key, { domain: "one.example" })).status).toBe(201);
    expect((await post(createDomainRoute, key, { domain: "two.example" })).status).toBe(201);
    const third = await post(createDomainRoute, key, { domain: "three.example" });
    expect(third.status).toBe(403);
    expect(third.json.error.code).toBe("limit_reached");
    expect(await getDb().domain.count({ where: { accountId } })).toBe(2);

    const body = automationBody("hello@one.example", [{ subject: "Hi", bodyHtml: "<p>Hi</p>" }]);
    expect((await post(createAutomationRoute, key, body)).status).toBe(201);
    expect((await post(createAutomationRoute, key, body)).status).toBe(201);
    expect((await post(createAutomationRoute, key, body)).json.error.code).toBe("limit_reached");
  });

  it("stops storing an account's test-run emails past its daily inbox allowance, with the reason", async () => {
    const { key, accountId } = await makeAccount();
    const domain = await makeVerifiedDomain(accountId);
    const big = `<p>${"A long test body. ".repeat(22_000)}</p>`; // about 400 KB, twice that with its text part
    const created = await post(
      createAutomationRoute,
      key,
      automationBody(`hello@${domain.domain}`, [
        { subject: "One", bodyHtml: big },
        { subject: "Two", bodyHtml: big },
      ]),
    );
    expect(created.status).toBe(201);
    const automationId = created.json.id as string;
    const started = await post(startRunRoute, key, { email: "tester@example.com" }, { id: automationId });
    expect(started.status).toBe(201);
    // The second email's job fails for good (PermanentJobError): run the jobs without runDueFor's
    // check that none of the account's jobs failed.
    for (let i = 0; i < 6; i++) {
      for (let round = 0; round < 10; round++) {
        if (!(await runDueJobsOnce({ jobs: runnableJobs(advanceEnrollmentJob, emailSendJob), schedules: false })).length) break;
      }
      await setClock({ now: new Date(now().getTime() + TEST_RUN_STEP_DELAY_MS + 500) });
    }
    const emails = await getDb().email.findMany({
      where: { accountId, isTest: true },
      orderBy: { createdAt: "asc" },
      select: { id: true, subject: true, status: true },
    });
    expect(emails.map((e) => [e.subject, e.status])).toEqual([
      ["One", "delivered"],
      ["Two", "failed"],
    ]);
    const inbox = await getDb().inboxMessage.findMany({ where: { accountId }, select: { emailId: true } });
    expect(inbox.map((m) => m.emailId)).toEqual([emails[0].id]);
    const failedEvent = await getDb().emailEvent.findFirst({ where: { emailId: emails[1].id, type: "email.failed" } });
    expect(JSON.stringify(failedEvent?.data)).toContain("TEST_RUN_INBOX_MB_PER_DAY");
  });
});
