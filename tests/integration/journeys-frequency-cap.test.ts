import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { GET as getRunRoute } from "@/app/api/v1/resend/automations/[id]/runs/[runId]/route";
import { GET as getAccountRoute, PUT as updateAccountRoute } from "@/app/api/v1/account/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call } from "../helpers/api";
import { engineAccount, runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

// The account's frequency cap through the routes and the engine under the test clock: emails of
// non-transactional automations past it wait until it allows one more (never dropped), a
// transactional automation neither counts nor waits, and the run shows why it waits.

withEngineTestClock();

const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob], { limit: 50, rounds: 50 });
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
const DAY_MS = 86_400_000;

async function setup(frequencyCap: Record<string, number>) {
  const account = await engineAccount();
  const { key, from } = account;
  const put = await call(updateAccountRoute, { method: "PUT", path: "/", key, body: { frequencyCap, defaultFrom: from } });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  return {
    ...account,
    async journey(body: Record<string, unknown>) {
      const res = await call(createJourneyRoute, { method: "POST", path: "/", key, body: { from, ...body } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const id = res.json.id as string;
      expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id } })).status).toBe(200);
      return id;
    },
  };
}

const branching = (name: string, sends: { key: string; subject: string }[], extra: Record<string, unknown> = {}) => ({
  name,
  ...extra,
  steps: [
    { key: "start", type: "trigger", config: { event_name: "joined" } },
    { key: "known", type: "condition", config: { type: "rule", field: "email", operator: "exists" } },
    { key: "nobody", type: "exit", config: { reason: "no_email" } },
    ...sends.map((s) => ({ key: s.key, type: "send_email", config: { subject: s.subject, html: "<p>Hi</p>" } })),
  ],
  connections: [
    { from: "start", to: "known" },
    { from: "known", to: sends[0].key, type: "condition_met" },
    { from: "known", to: "nobody", type: "condition_not_met" },
    ...sends.slice(1).map((s, i) => ({ from: sends[i].key, to: s.key })),
  ],
});

describe("the frequency cap", () => {
  it("holds a linear automation's third email of the day for 24 hours; a transactional journey's email goes at once", async () => {
    const s = await setup({ perDay: 2 });
    expect((await call(getAccountRoute, { path: "/", key: s.key })).json.frequencyCap).toEqual({ perDay: 2 });
    const tips = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Tips",
        triggerType: "event",
        triggerConfig: { eventName: "joined" },
        steps: [1, 2, 3].map((n) => ({ delayMinutes: 0, subject: `Tip ${n}`, bodyHtml: "<p>Tip</p>" })),
      },
    });
    const tipsId = tips.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: tipsId } })).status).toBe(200);
    const receipts = await s.journey(branching("Receipts", [{ key: "receipt", subject: "Your receipt" }], { transactional: true }));

    await setClock({ now: "2026-12-01T10:00:00Z" });
    await s.event(address("ann"), "joined");
    await runDue();
    const firstDay = await s.emails(tipsId);
    expect(firstDay.map((e) => e.subject)).toEqual(["Tip 1", "Tip 2"]);
    expect(await s.emails(receipts)).toHaveLength(1);
    const run = await getDb().enrollment.findFirstOrThrow({ where: { automationId: tipsId } });
    expect(run).toMatchObject({ status: "active", nextPosition: 2 });
    expect(run.nextStepAt!.getTime()).toBe(firstDay[0].createdAt.getTime() + DAY_MS);

    await setClock({ now: "2026-12-02T09:59:00Z" });
    await runDue();
    expect(await s.emails(tipsId)).toHaveLength(2);
    await setClock({ now: new Date(firstDay[0].createdAt.getTime() + DAY_MS).toISOString() });
    await runDue();
    expect((await s.emails(tipsId)).map((e) => e.subject)).toEqual(["Tip 1", "Tip 2", "Tip 3"]);
    expect(await getDb().enrollment.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "completed" });
  });

  it("rests a journey's run at its email, shown as waiting for the cap, until the week allows it", async () => {
    const s = await setup({ perWeek: 1 });
    const id = await s.journey(
      branching("Welcome", [
        { key: "hello", subject: "Hello" },
        { key: "more", subject: "More" },
      ]),
    );
    await setClock({ now: "2026-12-01T10:00:00Z" });
    await s.event(address("bo"), "joined");
    await runDue();
    expect((await s.emails(id)).map((e) => e.subject)).toEqual(["Hello"]);
    const run = await getDb().enrollment.findFirstOrThrow({ where: { automationId: id } });
    const waiting = await call(getRunRoute, { path: "/", key: s.key, params: { id, runId: run.id } });
    expect(waiting.json.steps.find((x: { key: string }) => x.key === "more")).toMatchObject({
      status: "waiting",
      output: { waitingFor: "frequency_cap" },
    });

    await setClock({ now: "2026-12-08T09:00:00Z" });
    await runDue();
    expect(await s.emails(id)).toHaveLength(1);
    await setClock({ now: "2026-12-08T10:00:01Z" });
    await runDue();
    expect((await s.emails(id)).map((e) => e.subject)).toEqual(["Hello", "More"]);
    const done = await call(getRunRoute, { path: "/", key: s.key, params: { id, runId: run.id } });
    expect(done.json.status).toBe("completed");
    expect(done.json.steps.filter((x: { key: string }) => x.key === "more")).toEqual([
      expect.objectContaining({ status: "completed", output: { emailId: expect.stringMatching(/^em_/) } }),
    ]);
  });

  it("refuses a cap it cannot read, and null removes it", async () => {
    const s = await setup({ perDay: 3 });
    const bad = await call(updateAccountRoute, { method: "PUT", path: "/", key: s.key, body: { frequencyCap: { perDay: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("frequencyCap.perDay");
    const removed = await call(updateAccountRoute, { method: "PUT", path: "/", key: s.key, body: { frequencyCap: null } });
    expect(removed.json.frequencyCap).toBeNull();
  });
});
