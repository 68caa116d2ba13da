import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { GET as getAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { GET as stepCountsRoute } from "@/app/api/v1/automations/[id]/step-counts/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { GET as getJourneyRoute, PATCH as updateJourneyRoute } from "@/app/api/v1/resend/automations/[id]/route";
import { GET as listRunsRoute } from "@/app/api/v1/resend/automations/[id]/runs/route";
import { GET as getRunRoute } from "@/app/api/v1/resend/automations/[id]/runs/[runId]/route";
import { POST as eventsRoute } from "@/app/api/v1/events/route";
import { POST as sendEventRoute } from "@/app/api/v1/events/send/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { now, setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { enrollExistingJob } from "@/lib/automations/enrollments/enroll-existing-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

// Journeys through the routes: the graph API (/api/v1/resend/automations), events, and the
// engine run by the job poller under the test clock.

withEngineTestClock();

const DAY = 1440;

const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob, enrollExistingJob], { limit: 400, rounds: 200 });

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 5000, rateLimitBurst: 5000 } });
  const key = account.key;
  const from = `Acme <hello@${domain.domain}>`;
  return {
    ...account,
    from,
    async journey(body: Record<string, unknown>, activate = true) {
      const res = await call(createJourneyRoute, { method: "POST", path: "/", key, body: { name: "J", from, ...body } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const id = res.json.id as string;
      if (activate) expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id } })).status).toBe(200);
      return id;
    },
    event: async (email: string, name: string, properties?: Record<string, unknown>) =>
      expect((await call(eventsRoute, { method: "POST", path: "/", key, body: { email, name, properties } })).status).toBe(202),
    runs: async (id: string) =>
      (await call(listRunsRoute, { path: "/?limit=100", key, params: { id } })).json.data as { id: string; status: string }[],
    run: async (id: string, runId: string) => (await call(getRunRoute, { path: "/", key, params: { id, runId } })).json,
    /** The live view's counts, by step key. */
    counts: async (id: string) => {
      const res = await call(stepCountsRoute, { path: "/", key, params: { id } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const body = res.json as {
        runs: Record<string, number>;
        steps: { key: string; waiting: number; passed: number; paths: Record<string, number> }[];
      };
      return { runs: body.runs, step: new Map(body.steps.map((x) => [x.key, x])) };
    },
    emails: (automationId: string, to: string) =>
      getDb().email.findMany({ where: { automationId, to: { has: to } }, orderBy: { createdAt: "asc" } }),
  };
}

const send = (key: string, subject: string) => ({ key, type: "send_email", config: { subject, html: "<p>{{name}}</p>" } });
const trigger = (eventName: string) => ({ key: "start", type: "trigger", config: { event_name: eventName } });

describe("journeys: branches", () => {
  it("a condition sends each contact down its branch, and the run shows the branch taken", async () => {
    const s = await setup();
    const id = await s.journey({
      steps: [
        trigger("signed_up"),
        { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
        send("pro_welcome", "Welcome, pro"),
        send("free_welcome", "Welcome, try pro"),
      ],
      connections: [
        { from: "start", to: "is_pro" },
        { from: "is_pro", to: "pro_welcome", type: "condition_met" },
        { from: "is_pro", to: "free_welcome", type: "condition_not_met" },
      ],
    });
    const [pro, free] = [address("pro"), address("free")];
    await s.event(pro, "signed_up", { plan: "pro" });
    await s.event(free, "signed_up", { plan: "free" });
    await runDue();
    expect((await s.emails(id, pro)).map((e) => e.subject)).toEqual(["Welcome, pro"]);
    expect((await s.emails(id, free)).map((e) => e.subject)).toEqual(["Welcome, try pro"]);
    const counts = await s.counts(id);
    expect(counts.runs).toMatchObject({ total: 2, active: 0, converted: 0 });
    expect(counts.step.get("is_pro")).toMatchObject({ passed: 2, waiting: 0, paths: { condition_met: 1, condition_not_met: 1 } });
    expect(counts.step.get("pro_welcome")).toMatchObject({ passed: 1 });
    // Another account's automation is not found.
    const other = await makeAccount();
    expect((await call(stepCountsRoute, { path: "/", key: other.key, params: { id } })).status).toBe(404);

    const runs = await s.runs(id);
    expect(runs.map((r) => r.status)).toEqual(["completed", "completed"]);
    const proRun = await s.run(
      id,
      (await getDb().enrollment.findFirstOrThrow({ where: { automationId: id, contact: { email: pro } } })).id,
    );
    expect(proRun.steps.map((x: { key: string; status: string }) => `${x.key}:${x.status}`)).toEqual([
      "start:completed",
      "is_pro:completed",
      "pro_welcome:completed",
    ]);
    expect(proRun.steps[1].output).toEqual({ result: true });
    expect(proRun.steps[2].output.emailId).toMatch(/^em_/);
  });

  it("a wait goes on when its event comes (POST /events or events.send) and takes the timeout path when it does not", async () => {
    const s = await setup();
    const id = await s.journey({
      steps: [
        trigger("cart_abandoned"),
        { key: "wait_buy", type: "wait_for_event", config: { event_name: "purchased", timeout: "1 day" } },
        { key: "bought", type: "exit", config: { reason: "bought" } },
        send("nudge", "Your cart misses you"),
      ],
      connections: [
        { from: "start", to: "wait_buy" },
        { from: "wait_buy", to: "bought", type: "event_received" },
        { from: "wait_buy", to: "nudge", type: "timeout" },
      ],
    });
    const [buyer, viaSend, leaver] = [address("buyer"), address("sdk"), address("leaver")];
    for (const who of [buyer, viaSend, leaver]) await s.event(who, "cart_abandoned");
    await runDue();
    const waiting = await getDb().enrollment.findMany({ where: { automationId: id } });
    expect(waiting.map((r) => r.waitingEvent)).toEqual(["purchased", "purchased", "purchased"]);
    expect((await s.counts(id)).step.get("wait_buy")).toMatchObject({ waiting: 3, passed: 0 });

    await setClock({ advanceMinutes: 60 });
    await s.event(buyer, "purchased");
    const contact = await getDb().contact.findFirstOrThrow({ where: { accountId: s.accountId, email: viaSend } });
    const sent = await call(sendEventRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { event: "purchased", contact_id: contact.id },
    });
    expect(sent.status).toBe(202);
    expect(sent.json).toEqual({ object: "event", event: "purchased" });
    await runDue();
    await setClock({ advanceMinutes: DAY });
    await runDue();

    const byEmail = async (email: string) => getDb().enrollment.findFirstOrThrow({ where: { automationId: id, contact: { email } } });
    for (const who of [buyer, viaSend]) {
      const run = await byEmail(who);
      expect([run.status, run.outcome]).toEqual(["completed", "bought"]);
      expect(await s.emails(id, who)).toHaveLength(0);
    }
    const left = await byEmail(leaver);
    expect(left.status).toBe("completed");
    expect((await s.emails(id, leaver)).map((e) => e.subject)).toEqual(["Your cart misses you"]);
    const counts = await s.counts(id);
    expect(counts.step.get("wait_buy")).toMatchObject({ waiting: 0, passed: 3, paths: { event_received: 2, timeout: 1 } });
    expect(counts.step.get("bought")).toMatchObject({ passed: 2 });
    expect(counts.step.get("nudge")).toMatchObject({ passed: 1 });
    const view = await s.run(id, left.id);
    expect(view.steps.find((x: { key: string }) => x.key === "wait_buy")).toMatchObject({
      status: "completed",
      output: { timedOut: true },
    });
  });

  it("a goal ends runs as converted wherever they are, and only the runs of that contact", async () => {
    const s = await setup();
    const id = await s.journey({
      goal: { event_name: "purchased" },
      steps: [trigger("trial_started"), { key: "wait_2d", type: "delay", config: { duration: "2 days" } }, send("offer", "20% off")],
      connections: [
        { from: "start", to: "wait_2d" },
        { from: "wait_2d", to: "offer" },
      ],
    });
    const [buyer, other] = [address("buyer"), address("other")];
    await s.event(buyer, "trial_started");
    await s.event(other, "trial_started");
    await runDue();
    await s.event(buyer, "purchased");
    await setClock({ advanceMinutes: 2 * DAY + 1 });
    await runDue();
    const runs = await getDb().enrollment.findMany({ where: { automationId: id }, include: { contact: true } });
    const of = (email: string) => runs.find((r) => r.contact!.email === email)!;
    expect([of(buyer).status, of(buyer).outcome]).toEqual(["completed", "converted"]);
    expect([of(other).status, of(other).outcome]).toEqual(["completed", null]);
    expect(await s.emails(id, buyer)).toHaveLength(0);
    expect(await s.emails(id, other)).toHaveLength(1);
    expect((await call(getJourneyRoute, { path: "/", key: s.key, params: { id } })).json.goal).toEqual({ event_name: "purchased" });
  });

  it("a split sends 1,000 runs near its weights, each assigned once", async () => {
    const s = await setup();
    const list = await getDb().contactList.create({ data: { id: newId("lst"), accountId: s.accountId, name: "Everyone" } });
    const at = now();
    const contacts = Array.from({ length: 1000 }, (_, i) => ({
      id: newId("con"),
      accountId: s.accountId,
      email: `split-${i}-${randomBase62(4).toLowerCase()}@example.com`,
      createdAt: at,
      updatedAt: at,
    }));
    await getDb().contact.createMany({ data: contacts });
    await getDb().listMembership.createMany({ data: contacts.map((c) => ({ listId: list.id, contactId: c.id, createdAt: at })) });
    const id = await s.journey(
      {
        steps: [
          { key: "start", type: "trigger", config: { trigger_type: "list_join", trigger_config: { listName: "Everyone" } } },
          {
            key: "ab",
            type: "split",
            config: {
              variants: [
                { name: "a", weight: 70 },
                { name: "b", weight: 30 },
              ],
            },
          },
          { key: "end_a", type: "exit", config: { reason: "a" } },
          { key: "end_b", type: "exit", config: { reason: "b" } },
        ],
        connections: [
          { from: "start", to: "ab" },
          { from: "ab", to: "end_a", type: "variant", variant: "a" },
          { from: "ab", to: "end_b", type: "variant", variant: "b" },
        ],
      },
      false,
    );
    const activated = await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id }, body: { enrollExisting: true } });
    expect(activated.status).toBe(200);
    const started = performance.now();
    await runDue();
    const ms = performance.now() - started;
    const outcomes = await getDb().enrollment.groupBy({ by: ["outcome"], where: { automationId: id }, _count: true });
    const count = Object.fromEntries(outcomes.map((o) => [o.outcome, o._count]));
    expect(count.a + count.b).toBe(1000);
    // 70/30 over 1,000: four standard deviations (about 58) either side.
    expect(count.a).toBeGreaterThan(642);
    expect(count.a).toBeLessThan(758);
    const variants = await getDb().enrollment.findMany({
      where: { automationId: id },
      select: { variants: true, outcome: true },
      take: 50,
    });
    for (const v of variants) expect((v.variants as Record<string, string>).ab).toBe(v.outcome);
    console.log(`split: 1,000 runs through trigger, split and exit in ${Math.round(ms)} ms (a=${count.a}, b=${count.b})`);
  }, 120_000);
});

describe("journeys: contact steps", () => {
  it("add_to_segment joins the list once and starts the list's list_join automations", async () => {
    const s = await setup();
    const list = await getDb().contactList.create({ data: { id: newId("lst"), accountId: s.accountId, name: "Beta" } });
    const joiner = await s.journey({
      steps: [trigger("asked_for_beta"), { key: "join", type: "add_to_segment", config: { segmentId: list.id } }],
      connections: [{ from: "start", to: "join" }],
    });
    const onList = await s.journey({
      steps: [
        { key: "start", type: "trigger", config: { triggerType: "list_join", triggerConfig: { listName: "Beta" } } },
        send("hello", "On the beta list"),
      ],
      connections: [{ from: "start", to: "hello" }],
    });
    const ada = address("ada");
    await s.event(ada, "asked_for_beta");
    await runDue();
    const contact = await getDb().contact.findUniqueOrThrow({ where: { accountId_email: { accountId: s.accountId, email: ada } } });
    expect(await getDb().listMembership.count({ where: { listId: list.id, contactId: contact.id } })).toBe(1);
    const [run] = await s.runs(joiner);
    const detail = await s.run(joiner, run.id);
    expect(detail.status).toBe("completed");
    expect(detail.steps.find((step: { key: string }) => step.key === "join").output).toEqual({ added: true });
    expect((await s.emails(onList, ada)).map((e) => e.subject)).toEqual(["On the beta list"]);

    // A member already: a second run adds nothing and starts nothing.
    await getDb().automation.update({ where: { id: joiner }, data: { reentry: "always" } });
    await s.event(ada, "asked_for_beta");
    await runDue();
    const runs = await s.runs(joiner);
    expect(runs).toHaveLength(2);
    const second = await s.run(joiner, runs.find((r) => r.id !== run.id)!.id);
    expect(second.steps.find((step: { key: string }) => step.key === "join").output).toEqual({ added: false });
    expect(await getDb().listMembership.count({ where: { listId: list.id } })).toBe(1);
    expect(await s.emails(onList, ada)).toHaveLength(1);
  });
});

describe("journeys: re-entry", () => {
  const quick = (reentry: Record<string, unknown>) => ({
    ...reentry,
    steps: [trigger("visited"), { key: "done", type: "exit", config: {} }],
    connections: [{ from: "start", to: "done" }],
  });

  it("never (the default) runs a contact once; after_exit again once the run ended; always again after the cooldown", async () => {
    const s = await setup();
    const never = await s.journey(quick({}));
    const afterExit = await s.journey(quick({ reentry: "after_exit" }));
    const always = await s.journey(quick({ reentry: "always", cooldown: "1 day" }));
    const who = address("visitor");
    await s.event(who, "visited");
    await runDue();
    await s.event(who, "visited");
    await runDue();
    const count = (automationId: string) => getDb().enrollment.count({ where: { automationId } });
    expect(await count(never)).toBe(1);
    expect(await count(afterExit)).toBe(2);
    expect(await count(always)).toBe(1);
    await setClock({ advanceMinutes: DAY });
    await s.event(who, "visited");
    await runDue();
    expect(await count(never)).toBe(1);
    expect(await count(afterExit)).toBe(3);
    expect(await count(always)).toBe(2);
    const generations = await getDb().enrollment.findMany({ where: { automationId: afterExit }, orderBy: { generation: "asc" } });
    expect(generations.map((g) => g.generation)).toEqual([0, 1, 2]);
  });

  it("after_exit does not start a second run while the first is under way", async () => {
    const s = await setup();
    const id = await s.journey({
      reentry: "after_exit",
      steps: [
        trigger("visited"),
        { key: "later", type: "delay", config: { duration: "1 day" } },
        { key: "done", type: "exit", config: {} },
      ],
      connections: [
        { from: "start", to: "later" },
        { from: "later", to: "done" },
      ],
    });
    const who = address("visitor");
    await s.event(who, "visited");
    await runDue();
    await s.event(who, "visited");
    await runDue();
    expect(await getDb().enrollment.count({ where: { automationId: id } })).toBe(1);
  });
});

describe("journeys: one automation, two APIs", () => {
  it("a linear automation made through the spec's routes reads as trigger -> send -> delay -> send through the graph API", async () => {
    const s = await setup();
    const made = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Welcome",
        from: s.from,
        triggerType: "event",
        triggerConfig: { eventName: "signed_up" },
        steps: [
          { delayMinutes: 0, subject: "Welcome", bodyHtml: "<p>Hi</p>" },
          { delayMinutes: 2 * DAY, subject: "Tips", bodyHtml: "<p>Tips</p>" },
        ],
      },
    });
    expect(made.status).toBe(201);
    const [first, second] = made.json.steps as { id: string }[];
    const graph = (await call(getJourneyRoute, { path: "/", key: s.key, params: { id: made.json.id } })).json;
    expect(graph.status).toBe("disabled");
    expect(graph.steps).toEqual([
      { key: "trigger", type: "trigger", config: { event_name: "signed_up" } },
      { key: first.id, type: "send_email", config: { subject: "Welcome", html: "<p>Hi</p>" } },
      { key: `${second.id}_delay`, type: "delay", config: { duration: "2 days" } },
      { key: second.id, type: "send_email", config: { subject: "Tips", html: "<p>Tips</p>" } },
    ]);
    expect(graph.connections).toEqual([
      { from: "trigger", to: first.id, type: "default" },
      { from: first.id, to: `${second.id}_delay`, type: "default" },
      { from: `${second.id}_delay`, to: second.id, type: "default" },
    ]);
  });

  it("a linear graph made through the graph API reads as the spec's steps, keeps its keys, and runs on the linear engine", async () => {
    const s = await setup();
    const id = await s.journey(
      {
        steps: [
          trigger("signed_up"),
          send("hello", "Hello"),
          { key: "pause_3d", type: "delay", config: { duration: "P3D" } },
          send("follow_up", "Following up"),
        ],
        connections: [
          { from: "start", to: "hello" },
          { from: "hello", to: "pause_3d" },
          { from: "pause_3d", to: "follow_up" },
        ],
      },
      false,
    );
    const spec = (await call(getAutomationRoute, { path: "/", key: s.key, params: { id } })).json;
    expect(spec.triggerType).toBe("event");
    expect(spec.triggerConfig).toEqual({ eventName: "signed_up" });
    expect(spec.steps.map((x: Record<string, unknown>) => [x.position, x.delayMinutes, x.subject, x.bodyHtml])).toEqual([
      [0, 0, "Hello", "<p>{{name}}</p>"],
      [1, 3 * DAY, "Following up", "<p>{{name}}</p>"],
    ]);
    const graph = (await call(getJourneyRoute, { path: "/", key: s.key, params: { id } })).json;
    expect(graph.steps.map((x: { key: string }) => x.key)).toEqual(["start", "hello", "pause_3d", "follow_up"]);
    expect(graph.steps[2].config).toEqual({ duration: "3 days" });
    expect(await getDb().automation.findUniqueOrThrow({ where: { id }, select: { graph: true } })).toEqual({ graph: null });

    // Replacing the graph keeps the step whose key stays (its id, and so its history).
    const stepIds = spec.steps.map((x: { id: string }) => x.id);
    const updated = await call(updateJourneyRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id },
      body: {
        steps: [trigger("signed_up"), send("hello", "Hello again")],
        connections: [{ from: "start", to: "hello" }],
      },
    });
    expect(updated.status).toBe(200);
    const after = (await call(getAutomationRoute, { path: "/", key: s.key, params: { id } })).json;
    expect(after.steps.map((x: { id: string; subject: string }) => [x.id, x.subject])).toEqual([[stepIds[0], "Hello again"]]);

    await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } });
    const who = address("linear");
    await s.event(who, "signed_up");
    await runDue();
    expect((await s.emails(id, who)).map((e) => [e.subject, e.stepId])).toEqual([["Hello again", stepIds[0]]]);
  });

  it("refuses a graph with a 400 naming the step: unreachable, a connection type that does not fit, an unbounded wait", async () => {
    const s = await setup();
    const post = (body: Record<string, unknown>) =>
      call(createJourneyRoute, { method: "POST", path: "/", key: s.key, body: { name: "Bad", ...body } });
    const lost = await post({ steps: [trigger("x"), send("lost", "x")], connections: [] });
    expect(lost.status).toBe(400);
    expect(lost.json.message).toMatch(/step lost cannot be reached/);
    const wrong = await post({
      steps: [trigger("x"), send("mail", "x"), send("next", "y")],
      connections: [
        { from: "start", to: "mail" },
        { from: "mail", to: "next", type: "condition_met" },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toMatch(/step mail \(send_email\) cannot start a condition_met connection/);
    const forever = await post({
      steps: [trigger("x"), { key: "wait_long", type: "wait_for_event", config: { event_name: "y", timeout: "400 days" } }],
      connections: [{ from: "start", to: "wait_long" }],
    });
    expect(forever.status).toBe(400);
    expect(forever.json.error.details[0].path).toBe("steps[wait_long].config.timeout");
  });
});
