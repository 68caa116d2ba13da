import { describe, expect, it } from "vitest";
import { GET as stepCountsRoute } from "@/app/api/v1/automations/[id]/step-counts/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { GET as getJourneyRoute, PATCH as updateJourneyRoute } from "@/app/api/v1/resend/automations/[id]/route";
import { POST as eventsRoute } from "@/app/api/v1/events/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { enrollExistingJob } from "@/lib/automations/enrollments/enroll-existing-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

// A journey's funnel (GET /automations/:id/step-counts): runs down each path with the goal's
// conversions per path and per split variant; and canvas positions stored with the graph.

withEngineTestClock();

const DAY = 1440;
const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob, enrollExistingJob], { limit: 400, rounds: 200 });
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 5000, rateLimitBurst: 5000 } });
  return { ...account, from: `Acme <hello@${domain.domain}>` };
}

type Counts = {
  runs: { total: number; converted: number; conversionRate: number };
  steps: {
    key: string;
    paths: Record<string, number>;
    conversions: Record<string, { converted: number; conversionRate: number }>;
  }[];
};

const ratio = (n: number, d: number) => Math.round((n / d) * 10_000) / 10_000;

describe("journey funnel: the goal's conversion per path and per variant", () => {
  it("counts the runs on each variant and on each condition path that met the goal", async () => {
    const s = await setup();
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Trial A/B",
        from: s.from,
        goal: { event_name: "purchased" },
        steps: [
          { key: "start", type: "trigger", config: { event_name: "trial_started" } },
          {
            key: "ab",
            type: "split",
            config: {
              variants: [
                { name: "short", weight: 50 },
                { name: "long", weight: 50 },
              ],
            },
          },
          { key: "wait_short", type: "delay", config: { duration: "2 days" } },
          { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
          { key: "wait_pro", type: "delay", config: { duration: "2 days" } },
          { key: "wait_free", type: "delay", config: { duration: "2 days" } },
        ],
        connections: [
          { from: "start", to: "ab" },
          { from: "ab", to: "wait_short", type: "variant", variant: "short" },
          { from: "ab", to: "is_pro", type: "variant", variant: "long" },
          { from: "is_pro", to: "wait_pro", type: "condition_met" },
          { from: "is_pro", to: "wait_free", type: "condition_not_met" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);

    // Runs start until each variant holds at least three (a fair split needs a few rounds at most).
    const people: { email: string; plan: string }[] = [];
    const variantOf = async () => {
      const runs = await getDb().enrollment.findMany({ where: { automationId: id }, include: { contact: true } });
      return new Map(runs.map((r) => [r.contact!.email, (r.variants as Record<string, string> | null)?.ab]));
    };
    let assigned = new Map<string, string | undefined>();
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 4; i++) {
        const person = { email: address(`p${round}-${i}`), plan: i % 2 ? "pro" : "free" };
        people.push(person);
        const res = await call(eventsRoute, {
          method: "POST",
          path: "/",
          key: s.key,
          body: { email: person.email, name: "trial_started", properties: { plan: person.plan } },
        });
        expect(res.status).toBe(202);
      }
      await runDue();
      assigned = await variantOf();
      const on = (v: string) => [...assigned.values()].filter((x) => x === v).length;
      if (on("short") >= 3 && on("long") >= 3) break;
    }
    const short = people.filter((p) => assigned.get(p.email) === "short");
    const long = people.filter((p) => assigned.get(p.email) === "long");
    expect(short.length).toBeGreaterThanOrEqual(3);
    expect(long.length).toBeGreaterThanOrEqual(3);
    expect(short.length + long.length).toBe(people.length);

    // Two of the short variant buy, one of the long (the first of them, whatever its plan).
    const buyers = [short[0], short[1], long[0]];
    for (const b of buyers) {
      const res = await call(eventsRoute, { method: "POST", path: "/", key: s.key, body: { email: b.email, name: "purchased" } });
      expect(res.status).toBe(202);
    }
    await runDue();
    await setClock({ advanceMinutes: 2 * DAY + 1 });
    await runDue();

    const res = await call(stepCountsRoute, { path: "/", key: s.key, params: { id } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const body = res.json as Counts;
    expect(body.runs).toMatchObject({ total: people.length, converted: 3, conversionRate: ratio(3, people.length) });
    const ab = body.steps.find((x) => x.key === "ab")!;
    expect(ab.paths).toEqual({ "variant:short": short.length, "variant:long": long.length });
    expect(ab.conversions).toEqual({
      "variant:short": { converted: 2, conversionRate: ratio(2, short.length) },
      "variant:long": { converted: 1, conversionRate: ratio(1, long.length) },
    });
    const pro = long.filter((p) => p.plan === "pro");
    const free = long.filter((p) => p.plan === "free");
    const longBuyerIsPro = long[0].plan === "pro";
    const cond = body.steps.find((x) => x.key === "is_pro")!;
    expect(cond.paths).toEqual({ condition_met: pro.length, condition_not_met: free.length });
    expect(cond.conversions.condition_met.converted).toBe(longBuyerIsPro ? 1 : 0);
    expect(cond.conversions.condition_not_met.converted).toBe(longBuyerIsPro ? 0 : 1);
    // A step that does not branch has no paths and no conversions.
    expect(body.steps.find((x) => x.key === "wait_short")).toMatchObject({ paths: {}, conversions: {} });
  });
});

describe("journey canvas positions", () => {
  const graph = (positions: Record<string, unknown>) => ({
    steps: [
      { key: "start", type: "trigger", config: { event_name: "signed_up" }, ...(positions.start ? { position: positions.start } : {}) },
      { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
      { key: "hi", type: "send_email", config: { subject: "Hi", html: "<p>Hi</p>" }, ...(positions.hi ? { position: positions.hi } : {}) },
      { key: "bye", type: "exit", config: { reason: "free" } },
    ],
    connections: [
      { from: "start", to: "is_pro" },
      { from: "is_pro", to: "hi", type: "condition_met" },
      { from: "is_pro", to: "bye", type: "condition_not_met" },
    ],
  });

  it("keeps a step's position with the graph, returns it, and refuses one out of bounds", async () => {
    const s = await setup();
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Moved", from: s.from, ...graph({ hi: { x: 420.5, y: -30 } }) },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    const read = async () => (await call(getJourneyRoute, { path: "/", key: s.key, params: { id } })).json;
    const steps = (await read()).steps as { key: string; position?: unknown }[];
    expect(steps.find((x) => x.key === "hi")!.position).toEqual({ x: 420.5, y: -30 });
    expect(steps.find((x) => x.key === "is_pro")).not.toHaveProperty("position");

    // Replacing the graph replaces the positions: the trigger moved, the email back to automatic.
    const moved = await call(updateJourneyRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id },
      body: graph({ start: { x: 0, y: 10 } }),
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const after = (await read()).steps as { key: string; position?: unknown }[];
    expect(after.find((x) => x.key === "start")!.position).toEqual({ x: 0, y: 10 });
    expect(after.find((x) => x.key === "hi")).not.toHaveProperty("position");

    for (const bad of [{ x: 1e9, y: 0 }, { x: "1", y: 0 }, { x: 1 }, { x: 1, y: 2, z: 3 }]) {
      const res = await call(updateJourneyRoute, { method: "PATCH", path: "/", key: s.key, params: { id }, body: graph({ hi: bad }) });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
    }
    expect(((await read()).steps as { key: string; position?: unknown }[]).find((x) => x.key === "start")!.position).toEqual({
      x: 0,
      y: 10,
    });
  });

  it("keeps positions of a linear automation (stored as the spec's steps) too", async () => {
    const s = await setup();
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Linear",
        from: s.from,
        steps: [
          { key: "start", type: "trigger", config: { event_name: "signed_up" } },
          { key: "hi", type: "send_email", config: { subject: "Hi", html: "<p>Hi</p>" }, position: { x: 300, y: 200 } },
        ],
        connections: [{ from: "start", to: "hi" }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    expect((await getDb().automation.findUniqueOrThrow({ where: { id } })).graph).toBeNull();
    const steps = (await call(getJourneyRoute, { path: "/", key: s.key, params: { id } })).json.steps as {
      key: string;
      position?: unknown;
    }[];
    expect(steps.find((x) => x.key === "hi")!.position).toEqual({ x: 300, y: 200 });
  });
});
