import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as pauseRoute } from "@/app/api/v1/automations/[id]/pause/route";
import { DELETE as deleteStepRoute } from "@/app/api/v1/automations/[id]/steps/[stepId]/route";
import { GET as funnelRoute } from "@/app/api/v1/automations/[id]/funnel/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { newId, randomBase62 } from "@/lib/db/ids";
import type { StepFunnelResponse } from "@/lib/automations/steps/step-funnel";
import { call, makeAccount } from "../helpers/api";
import { runDueFor } from "../helpers/jobs";
import { makeVerifiedDomain } from "../helpers/domains";

beforeEach(() => {
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterEach(() => {
  delete process.env.ENABLE_TEST_CLOCK;
  resetEnvCache();
});

const DAY = 1440;
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

const runDue = (accountId: string) => runDueFor(accountId, [advanceEnrollmentJob, emailSendJob]);

/** The pixel and the first tracked link of what `to` received from one email, hit as a mail client would. */
async function openAndClick(emailId: string, to: string, times: number) {
  const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId, to: { has: to } } });
  const open = /\/t\/o\/([0-9A-Za-z]+)/.exec(message.html!)![1];
  const click = /\/t\/c\/([0-9A-Za-z]+)/.exec(message.html!)![1];
  for (let i = 0; i < times; i++) {
    const pixel = await openRoute(new Request(`http://mw.test/t/o/${open}`), { params: Promise.resolve({ token: open }) });
    expect(pixel.status).toBe(200);
    const redirect = await clickRoute(new Request(`http://mw.test/t/c/${click}`), { params: Promise.resolve({ token: click }) });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("https://example.com/pricing");
  }
}

const counts = (row: { sent: number; delivered: number; opened: number; clicked: number; bounced: number; complained: number }) => ({
  sent: row.sent,
  delivered: row.delivered,
  opened: row.opened,
  clicked: row.clicked,
  bounced: row.bounced,
  complained: row.complained,
});

describe("automation per-step funnel", () => {
  it("counts sent, delivered, unique opens and clicks per step, leaving out test emails and other accounts", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
    const key = account.key;
    const funnel = async (id: string, asKey = key) => call(funnelRoute, { path: "/", key: asKey, params: { id } });

    const listId = (await call(createListRoute, { method: "POST", path: "/", key, body: { name: "Funnel" } })).json.id as string;
    const body = '<p>Hi {{name}}</p><p><a href="https://example.com/pricing">See pricing</a></p>';
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Funnel",
        from: `Acme <hello@${domain.domain}>`,
        triggerType: "list_join",
        triggerConfig: { listName: "Funnel" },
        steps: [
          { delayMinutes: 0, subject: "One", bodyHtml: body },
          { delayMinutes: DAY, subject: "Two", bodyHtml: body },
          { delayMinutes: 3 * DAY, subject: "Three", bodyHtml: body },
        ],
      },
    });
    expect(created.status).toBe(201);
    const automation = created.json as { id: string; steps: { id: string }[] };
    const [s1, s2, s3] = automation.steps.map((s) => s.id);

    // Before anything is sent: every step, all zero.
    const empty = await funnel(automation.id);
    expect(empty.status).toBe(200);
    expect(empty.json.steps.map((s: StepFunnelResponse["steps"][number]) => [s.stepId, s.position, s.sent, s.waiting])).toEqual([
      [s1, 0, 0, 0],
      [s2, 1, 0, 0],
      [s3, 2, 0, 0],
    ]);
    expect(empty.json.removedSteps).toBeNull();

    expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id: automation.id } })).status).toBe(200);
    const ann = address("ann");
    const bob = address("bob");
    for (const email of [ann, bob, "bounced@funnel.simulator.test", "complained@funnel.simulator.test"]) {
      expect((await call(addMemberRoute, { method: "POST", path: "/", key, body: { email }, params: { id: listId } })).status).toBeLessThan(
        300,
      );
    }
    // A test-run email of step 1 (isTest, as a test run sends it) goes through the same
    // pipeline and tracking, but never counts.
    const tester = address("tester");
    await acceptEmails({
      accountId: account.accountId,
      emails: [{ from: `Acme <hello@${domain.domain}>`, to: [tester], subject: "One (test)", html: body.replace("{{name}}", "there") }],
      source: { kind: "test_run", steps: [{ automationId: automation.id, enrollmentId: newId("enr"), stepId: s1 }] },
    });
    await runDue(account.accountId);

    const stepOne = await getDb().email.findMany({
      where: { automationId: automation.id, stepId: s1 },
      select: { id: true, to: true, isTest: true },
    });
    expect(stepOne).toHaveLength(5);
    const annEmail = stepOne.find((e) => e.to.includes(ann))!;
    const testEmail = stepOne.find((e) => e.isTest)!;
    expect(testEmail.to).toEqual([tester]);
    // Ann opens and clicks twice: each counts once. The test email's hits count nowhere.
    await openAndClick(annEmail.id, ann, 2);
    await openAndClick(testEmail.id, tester, 1);
    const testEvents = await getDb().emailEvent.findMany({ where: { emailId: testEmail.id }, select: { type: true } });
    expect(testEvents.map((e) => e.type)).toEqual(
      expect.arrayContaining(["email.sent", "email.delivered", "email.opened", "email.clicked"]),
    );

    // The bounced and complained addresses are suppressed, so only Ann and Bob get step 2.
    await setClock({ advanceMinutes: DAY + 1 });
    await runDue(account.accountId);
    const stepTwo = await getDb().email.findMany({
      where: { automationId: automation.id, stepId: s2, isTest: false },
      select: { id: true, to: true },
    });
    expect(stepTwo.map((e) => e.to[0]).sort()).toEqual([ann, bob].sort());
    await openAndClick(stepTwo.find((e) => e.to.includes(bob))!.id, bob, 1);

    const res = await funnel(automation.id);
    expect(res.status).toBe(200);
    const data = res.json as StepFunnelResponse;
    expect(data.automationId).toBe(automation.id);
    expect(
      data.steps.map((s) => ({ stepId: s.stepId, subject: s.subject, delayMinutes: s.delayMinutes, waiting: s.waiting, ...counts(s) })),
    ).toEqual([
      { stepId: s1, subject: "One", delayMinutes: 0, waiting: 0, sent: 4, delivered: 3, opened: 1, clicked: 1, bounced: 1, complained: 1 },
      {
        stepId: s2,
        subject: "Two",
        delayMinutes: DAY,
        waiting: 0,
        sent: 2,
        delivered: 2,
        opened: 1,
        clicked: 1,
        bounced: 0,
        complained: 0,
      },
      // Ann and Bob wait for step 3.
      {
        stepId: s3,
        subject: "Three",
        delayMinutes: 3 * DAY,
        waiting: 2,
        sent: 0,
        delivered: 0,
        opened: 0,
        clicked: 0,
        bounced: 0,
        complained: 0,
      },
    ]);
    expect(data.steps[0].rates).toEqual({ delivered: 0.75, opened: 0.3333, clicked: 0.3333, bounced: 0.25 });
    expect(data.steps[2].rates).toEqual({ delivered: 0, opened: 0, clicked: 0, bounced: 0 });

    // Another account sees a 404, as for any of its records.
    const other = await makeAccount();
    const foreign = await funnel(automation.id, other.key);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe("not_found");
    expect((await funnel("aut_doesnotexist")).status).toBe(404);

    // A deleted step's emails leave the steps and are summed under removedSteps.
    expect((await call(pauseRoute, { method: "POST", path: "/", key, params: { id: automation.id } })).status).toBe(200);
    expect((await call(deleteStepRoute, { method: "DELETE", path: "/", key, params: { id: automation.id, stepId: s1 } })).status).toBe(200);
    const after = (await funnel(automation.id)).json as StepFunnelResponse;
    expect(after.steps.map((s) => [s.stepId, s.position, s.sent, s.waiting])).toEqual([
      [s2, 0, 2, 0],
      [s3, 1, 0, 2],
    ]);
    expect(counts(after.removedSteps!)).toEqual({ sent: 4, delivered: 3, opened: 1, clicked: 1, bounced: 1, complained: 1 });
  });
});
