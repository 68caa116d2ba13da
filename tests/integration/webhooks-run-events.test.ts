import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { POST as createWebhookRoute } from "@/app/api/v1/webhooks/route";
import { POST as testRoute } from "@/app/api/v1/webhooks/[id]/test/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { PATCH as updateContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { setClock } from "@/lib/clock/clock";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { call } from "../helpers/api";
import { engineAccount, runDueJobs, withEngineTestClock } from "../helpers/automation-engine";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// automation.run.started, .completed and .exited: every way a run starts and ends (a journey's
// end, an exit step, a goal, a linear automation's last step, an unsubscribe), received by a
// real HTTP server and verified with the Standard Webhooks signature, as a customer would.

let receiver: WebhookReceiver;
withEngineTestClock();
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
});
afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

type RunEvent = { id: string; type: string; created_at: string; data: Record<string, unknown> };
const RUN_EVENTS = ["automation.run.started", "automation.run.completed", "automation.run.exited"];
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob], { limit: 50, rounds: 50 });

async function setup(events: string[] = RUN_EVENTS) {
  const account = await engineAccount();
  const path = `/runs-${randomBase62(8)}`;
  const hook = await call(createWebhookRoute, { method: "POST", path: "/", key: account.key, body: { url: receiver.url(path), events } });
  expect(hook.status).toBe(201);
  return {
    ...account,
    webhook: hook.json as { id: string; secret: string },
    /** The run events this account's webhook received, signatures checked, in order. */
    async received(): Promise<RunEvent[]> {
      await runDueJobs([deliverWebhookJob], { limit: 50, rounds: 20 });
      return receiver.to(path).map((req) => {
        const headers = {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        };
        return new StandardWebhook(hook.json.secret as string).verify(req.body, headers) as RunEvent;
      });
    },
  };
}

async function contactId(accountId: string, email: string) {
  return (await getDb().contact.findFirstOrThrow({ where: { accountId, email }, select: { id: true } })).id;
}

describe("automation run webhook events", () => {
  it("a journey's runs: started for each, completed at its end or its goal, exited at an exit step", async () => {
    const s = await setup();
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Trial",
        from: s.from,
        goal: { event_name: "purchased" },
        steps: [
          { key: "start", type: "trigger", config: { event_name: "trial_started" } },
          { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
          { key: "wait", type: "delay", config: { duration: "1 day" } },
          { key: "hello", type: "send_email", config: { subject: "Hello", html: "<p>Hi</p>" } },
          { key: "not_pro", type: "exit", config: { reason: "not_pro" } },
        ],
        connections: [
          { from: "start", to: "is_pro" },
          { from: "is_pro", to: "wait", type: "condition_met" },
          { from: "is_pro", to: "not_pro", type: "condition_not_met" },
          { from: "wait", to: "hello" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const automationId = created.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: automationId } })).status).toBe(200);

    const [pro, free, buyer] = [address("pro"), address("free"), address("buyer")];
    await s.event(pro, "trial_started", { plan: "pro" });
    await s.event(free, "trial_started", { plan: "free" });
    await s.event(buyer, "trial_started", { plan: "pro" });
    await runDue();
    await s.event(buyer, "purchased");
    await setClock({ advanceMinutes: 1441 });
    await runDue();

    const events = await s.received();
    const runs = await getDb().enrollment.findMany({ where: { automationId }, include: { contact: true } });
    const runOf = async (email: string) => runs.find((r) => r.contactId === null || r.contact?.email === email)!.id;
    const of = async (email: string) => {
      const id = await runOf(email);
      return events.filter((e) => e.data.run_id === id).map((e) => [e.type, e.data.status, e.data.outcome]);
    };
    expect(await of(pro)).toEqual([
      ["automation.run.started", "running", null],
      ["automation.run.completed", "completed", null],
    ]);
    expect(await of(free)).toEqual([
      ["automation.run.started", "running", null],
      ["automation.run.exited", "completed", "not_pro"],
    ]);
    expect(await of(buyer)).toEqual([
      ["automation.run.started", "running", null],
      ["automation.run.completed", "completed", "converted"],
    ]);
    const completed = events.find((e) => e.type === "automation.run.completed" && e.data.outcome === null)!;
    expect(Object.keys(completed.data)).toEqual([
      "run_id",
      "automation_id",
      "contact_id",
      "status",
      "outcome",
      "started_at",
      "completed_at",
    ]);
    expect(completed.data).toMatchObject({ automation_id: automationId, contact_id: await contactId(s.accountId, pro) });
    expect(Date.parse(completed.data.completed_at as string)).toBeGreaterThan(Date.parse(completed.data.started_at as string));
    expect(events).toHaveLength(6);
  });

  it("a linear automation's runs: completed after the last step (the batch path), exited when the contact unsubscribes", async () => {
    const s = await setup();
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Welcome",
        triggerType: "event",
        triggerConfig: { eventName: "signed_up" },
        steps: [
          { delayMinutes: 0, subject: "Welcome", bodyHtml: "<p>Hi</p>" },
          { delayMinutes: 1440, subject: "Day 2", bodyHtml: "<p>Tips</p>" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const automationId = created.json.id as string;
    await getDb().automation.update({ where: { id: automationId }, data: { from: s.from } });
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: automationId } })).status).toBe(200);

    const [stays, leaves] = [address("stays"), address("leaves")];
    await s.event(stays, "signed_up");
    await s.event(leaves, "signed_up");
    await runDue();
    const leaver = await contactId(s.accountId, leaves);
    const patched = await call(updateContactRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: leaver },
      body: { subscribed: false },
    });
    expect(patched.status).toBe(200);
    await setClock({ advanceMinutes: 1441 });
    await runDue();

    const events = await s.received();
    const byContact = (id: string) => events.filter((e) => e.data.contact_id === id).map((e) => [e.type, e.data.status, e.data.outcome]);
    expect(byContact(await contactId(s.accountId, stays))).toEqual([
      ["automation.run.started", "running", null],
      ["automation.run.completed", "completed", null],
    ]);
    expect(byContact(leaver)).toEqual([
      ["automation.run.started", "running", null],
      ["automation.run.exited", "cancelled", null],
    ]);
  });

  it("a webhook gets only the run events it subscribes to, and a sample of each from the test route", async () => {
    const s = await setup(["automation.run.completed"]);
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Ping",
        from: s.from,
        steps: [
          { key: "start", type: "trigger", config: { event_name: "ping" } },
          { key: "hello", type: "send_email", config: { subject: "Pong", html: "<p>Pong</p>" } },
        ],
        connections: [{ from: "start", to: "hello" }],
      },
    });
    const id = created.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);
    await s.event(address("ping"), "ping");
    await runDue();
    for (const type of RUN_EVENTS) {
      const res = await call(testRoute, { method: "POST", path: "/", key: s.key, params: { id: s.webhook.id }, body: { type } });
      expect(res.status).toBe(200);
    }
    const events = await s.received();
    expect(events.map((e) => [e.type, e.data.test ?? false])).toEqual([
      ["automation.run.completed", false],
      ["automation.run.started", true],
      ["automation.run.completed", true],
      ["automation.run.exited", true],
    ]);
  });
});
