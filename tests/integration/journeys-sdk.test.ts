import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { GET as getAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { setClock } from "@/lib/clock/clock";
import { createTemplate } from "@/lib/templates/create-template";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startApiServer, type ApiServer } from "../helpers/api-server";
import { runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

// The official `resend` SDK, unchanged, over HTTP against the real routes: its automation,
// run and event calls at the base URL /api/v1/resend, which forwards every other SDK call to
// the route of the same name under /api/v1.

let server: ApiServer;

withEngineTestClock();
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob], { limit: 50, rounds: 50 });

async function client() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  const from = `Acme <hello@${domain.domain}>`;
  await getDb().account.update({
    where: { id: account.accountId },
    data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000, defaultFrom: from },
  });
  const template = (subject: string) =>
    createTemplate({ accountId: account.accountId, input: { name: subject, subject, htmlBody: `<p>${subject}, {{name}}</p>` } });
  return { ...account, from, template, resend: new Resend(account.key, { baseUrl: `${server.baseUrl}/resend` }) };
}

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

describe("resend SDK: automations", () => {
  it("create, get, list, update, duplicate, stop and remove; a linear automation reads as the spec's steps", async () => {
    const { resend, key, template } = await client();
    const [welcome, tips] = [await template("Welcome"), await template("Tips")];
    const graph = {
      steps: [
        { key: "start", type: "trigger" as const, config: { eventName: "signed_up" } },
        { key: "welcome", type: "send_email" as const, config: { template: { id: welcome.id } } },
        { key: "wait", type: "delay" as const, config: { duration: "3 days" } },
        { key: "tips", type: "send_email" as const, config: { template: { id: tips.id } } },
      ],
      connections: [
        { from: "start", to: "welcome" },
        { from: "welcome", to: "wait" },
        { from: "wait", to: "tips" },
      ],
    };
    const created = await resend.automations.create({ name: "Onboarding", ...graph });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect(created.data).toEqual({ object: "automation", id });

    const got = await resend.automations.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ object: "automation", id, name: "Onboarding", status: "disabled" });
    expect(got.data!.steps).toEqual([
      { key: "start", type: "trigger", config: { event_name: "signed_up" } },
      { key: "welcome", type: "send_email", config: { template: { id: welcome.id } } },
      { key: "wait", type: "delay", config: { duration: "3 days" } },
      { key: "tips", type: "send_email", config: { template: { id: tips.id } } },
    ]);
    expect(got.data!.connections.every((c) => c.type === "default")).toBe(true);

    // The same automation through the spec's route: its linear steps.
    const spec = (await call(getAutomationRoute, { path: "/", key, params: { id } })).json;
    expect(spec.steps.map((s: Record<string, unknown>) => [s.delayMinutes, s.templateId])).toEqual([
      [0, welcome.id],
      [3 * 1440, tips.id],
    ]);

    const listed = await resend.automations.list();
    expect(listed.error).toBeNull();
    expect(listed.data).toMatchObject({ object: "list", has_more: false });
    expect(listed.data!.data.map((a) => [a.id, a.status])).toEqual([[id, "disabled"]]);

    expect((await resend.automations.update(id, { name: "Onboarding v2", status: "enabled" })).error).toBeNull();
    expect((await resend.automations.get(id)).data).toMatchObject({ name: "Onboarding v2", status: "enabled" });
    // Steps change only while paused.
    const busy = await resend.automations.update(id, graph);
    expect(busy.error).toMatchObject({ statusCode: 409 });

    const stopped = await resend.automations.stop(id);
    expect(stopped.data).toEqual({ object: "automation", id, status: "disabled" });

    const copy = await resend.automations.duplicate(id);
    expect(copy.error).toBeNull();
    const copied = await resend.automations.get(copy.data!.id);
    expect(copied.data).toMatchObject({ name: "Onboarding v2 (copy)", status: "disabled" });
    expect(copied.data!.steps).toEqual(got.data!.steps);

    const removed = await resend.automations.remove(copy.data!.id);
    expect(removed.data).toEqual({ object: "automation", id: copy.data!.id, deleted: true });
    expect((await resend.automations.get(copy.data!.id)).error).toMatchObject({ statusCode: 404 });

    const invalid = await resend.automations.create({
      name: "Broken",
      steps: [
        { key: "start", type: "trigger", config: { eventName: "x" } },
        { key: "orphan", type: "delay", config: { duration: "1 day" } },
      ],
      connections: [],
    });
    expect(invalid.error).toMatchObject({ statusCode: 400, message: "step orphan cannot be reached from the trigger" });
  });

  it("create with status enabled whose activation is refused answers the error and keeps nothing", async () => {
    // No default sender and none on the steps: activation's no_sender blocker.
    const account = await makeAccount();
    const resend = new Resend(account.key, { baseUrl: `${server.baseUrl}/resend` });
    const hello = await createTemplate({
      accountId: account.accountId,
      input: { name: "Hello", subject: "Hello", htmlBody: "<p>Hello</p>" },
    });
    const refused = await resend.automations.create({
      name: "No sender",
      status: "enabled",
      steps: [
        { key: "start", type: "trigger", config: { eventName: "signed_up" } },
        { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
        { key: "hello", type: "send_email", config: { template: { id: hello.id } } },
      ],
      connections: [
        { from: "start", to: "is_pro" },
        { from: "is_pro", to: "hello", type: "condition_met" },
      ],
    });
    expect(refused.error).toMatchObject({ statusCode: 400 });
    expect((await resend.automations.list()).data!.data).toEqual([]);
    expect(await getDb().automation.count({ where: { accountId: account.accountId } })).toBe(0);
  });

  it("a journey waits for an event: events.send resumes the run, the other times out; runs.list and runs.get show each path", async () => {
    const { resend, template, from } = await client();
    const [thanks, comeBack] = [await template("Thanks"), await template("Come back")];
    const created = await resend.automations.create({
      name: "Cart",
      status: "enabled",
      steps: [
        { key: "start", type: "trigger", config: { eventName: "cart_abandoned" } },
        { key: "wait_buy", type: "wait_for_event", config: { eventName: "purchased", timeout: "2 days" } },
        { key: "thanks", type: "send_email", config: { template: { id: thanks.id }, from } },
        { key: "nudge", type: "send_email", config: { template: { id: comeBack.id }, from } },
      ],
      connections: [
        { from: "start", to: "wait_buy" },
        { from: "wait_buy", to: "thanks", type: "event_received" },
        { from: "wait_buy", to: "nudge", type: "timeout" },
      ],
    });
    expect(created.error).toBeNull();
    const automationId = created.data!.id;
    const [buyer, leaver] = [address("buyer"), address("leaver")];
    for (const email of [buyer, leaver]) {
      const sent = await resend.events.send({ event: "cart_abandoned", email });
      expect(sent.error).toBeNull();
      expect(sent.data).toEqual({ object: "event", event: "cart_abandoned" });
    }
    await runDue();
    expect(server.requests.some((r) => r.path === "/api/v1/resend/events/send")).toBe(true);

    const running = await resend.automations.runs.list({ automationId, status: "running" });
    expect(running.error).toBeNull();
    expect(running.data!.data).toHaveLength(2);

    await resend.events.send({ event: "purchased", email: buyer, payload: { total: 42 } });
    await runDue();
    await setClock({ advanceMinutes: 2 * 1440 + 1 });
    await runDue();

    const subjects = async (to: string) =>
      (await getDb().email.findMany({ where: { automationId, to: { has: to } } })).map((e) => e.subject);
    expect(await subjects(buyer)).toEqual(["Thanks"]);
    expect(await subjects(leaver)).toEqual(["Come back"]);

    const done = await resend.automations.runs.list({ automationId, status: ["completed"] });
    expect(done.data!.data).toHaveLength(2);
    const runOf = async (email: string) =>
      (await getDb().enrollment.findFirstOrThrow({ where: { automationId, contact: { email } }, select: { id: true } })).id;
    const bought = await resend.automations.runs.get({ automationId, runId: await runOf(buyer) });
    expect(bought.error).toBeNull();
    expect(bought.data).toMatchObject({ object: "automation_run", status: "completed" });
    expect(bought.data!.steps.map((s) => [s.key, s.status])).toEqual([
      ["start", "completed"],
      ["wait_buy", "completed"],
      ["thanks", "completed"],
    ]);
    expect(bought.data!.steps[1].output).toEqual({ event: "purchased" });
    const left = await resend.automations.runs.get({ automationId, runId: await runOf(leaver) });
    expect(left.data!.steps.map((s) => s.key)).toEqual(["start", "wait_buy", "nudge"]);
    expect(left.data!.steps[1].output).toEqual({ timedOut: true });
  });

  it("every other SDK call reaches its route through the base path", async () => {
    const { resend, from } = await client();
    const sent = await resend.emails.send({ from, to: "ada@example.com", subject: "Through the base path", html: "<p>Hi</p>" });
    expect(sent.error).toBeNull();
    expect(server.requests.at(-1)!.path).toBe("/api/v1/resend/emails");
    expect(await getDb().email.findUniqueOrThrow({ where: { id: sent.data!.id } })).toMatchObject({ subject: "Through the base path" });
  });
});
