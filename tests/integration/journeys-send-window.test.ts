import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { GET as getJourneyRoute, PATCH as updateJourneyRoute } from "@/app/api/v1/resend/automations/[id]/route";
import { GET as getRunRoute } from "@/app/api/v1/resend/automations/[id]/runs/[runId]/route";
import { PUT as updateAccountRoute } from "@/app/api/v1/account/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call } from "../helpers/api";
import { engineAccount, runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

// An automation's send window, through the routes and the engine under the test clock: an email
// due outside it waits for the next opening in the contact's zone (else the account's), at the
// zone's wall-clock time across a daylight-saving change, for journeys and linear automations.

withEngineTestClock();

const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob], { limit: 50, rounds: 50 });
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
const ALL_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

describe("send windows", () => {
  it("a journey's email waits for 09:00 in the contact's zone, across New York's change back to standard time", async () => {
    const s = await engineAccount();
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Morning hello",
        from: s.from,
        send_window: { days: ALL_DAYS, start: "09:00", end: "17:00", timezone: "contact" },
        // A branching graph: the journey engine, not the linear one.
        steps: [
          { key: "start", type: "trigger", config: { event_name: "signed_up" } },
          { key: "has_zone", type: "condition", config: { type: "rule", field: "timezone", operator: "exists" } },
          { key: "hello", type: "send_email", config: { subject: "Good morning", html: "<p>Hi</p>" } },
          { key: "no_zone", type: "exit", config: { reason: "no_zone" } },
        ],
        connections: [
          { from: "start", to: "has_zone" },
          { from: "has_zone", to: "hello", type: "condition_met" },
          { from: "has_zone", to: "no_zone", type: "condition_not_met" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    expect((await call(getJourneyRoute, { path: "/", key: s.key, params: { id } })).json.send_window).toEqual({
      days: ALL_DAYS,
      start: "09:00",
      end: "17:00",
      timezone: "contact",
    });
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);

    // Saturday 18:00 in New York (daylight time); the clocks go back that night.
    await setClock({ now: "2026-10-31T22:00:00Z" });
    await s.event(address("ny"), "signed_up", { timezone: "America/New_York" });
    await runDue();
    expect(await s.emails(id)).toHaveLength(0);
    const run = await getDb().enrollment.findFirstOrThrow({ where: { automationId: id } });
    // Sunday 09:00 is 14:00 UTC in standard time (13:00 the day before).
    expect(run.nextStepAt?.toISOString()).toBe("2026-11-01T14:00:00.000Z");
    const waiting = await call(getRunRoute, { path: "/", key: s.key, params: { id, runId: run.id } });
    expect(waiting.json.steps.find((x: { key: string }) => x.key === "hello")).toMatchObject({ status: "waiting" });

    await setClock({ now: "2026-11-01T13:59:00Z" });
    await runDue();
    expect(await s.emails(id)).toHaveLength(0);
    await setClock({ now: "2026-11-01T14:00:00Z" });
    await runDue();
    expect(await s.emails(id)).toHaveLength(1);
    const done = await call(getRunRoute, { path: "/", key: s.key, params: { id, runId: run.id } });
    expect(done.json.status).toBe("completed");
    const hello = done.json.steps.filter((x: { key: string }) => x.key === "hello");
    expect(hello).toHaveLength(1);
    expect(hello[0]).toMatchObject({ status: "completed", output: { emailId: expect.stringMatching(/^em_/) } });
  });

  it("a linear automation's step waits for the next weekday opening, in the account's zone for a contact without one", async () => {
    const s = await engineAccount();
    const account = await call(updateAccountRoute, { method: "PUT", path: "/", key: s.key, body: { timezone: "Asia/Tokyo" } });
    expect(account.status).toBe(200);
    expect(account.json.timezone).toBe("Asia/Tokyo");
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Welcome",
        triggerType: "event",
        triggerConfig: { eventName: "joined" },
        steps: [{ delayMinutes: 0, subject: "Welcome", bodyHtml: "<p>Hi</p>" }],
      },
    });
    const id = created.json.id as string;
    const window = { days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "18:00" };
    const patched = await call(updateJourneyRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id },
      body: { send_window: window, from: s.from },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);

    // Saturday 2026-12-05 12:00 in Tokyo: Monday 09:00 Tokyo is Monday 00:00 UTC.
    await setClock({ now: "2026-12-05T03:00:00Z" });
    await s.event(address("tokyo"), "joined");
    await s.event(address("paris"), "joined", { timezone: "Europe/Paris" });
    await runDue();
    expect(await s.emails(id)).toHaveLength(0);
    const [waiting] = await getDb().enrollment.findMany({ where: { automationId: id }, orderBy: { enrolledAt: "asc" }, take: 1 });
    const run = await call(getRunRoute, { path: "/", key: s.key, params: { id, runId: waiting.id } });
    expect(run.json.steps.map((x: { type: string; status: string }) => `${x.type}:${x.status}`)).toEqual([
      "trigger:completed",
      "send_email:waiting",
    ]);
    await setClock({ now: "2026-12-07T00:00:00Z" });
    await runDue();
    const sent = await s.emails(id);
    expect(sent.map((e) => e.to[0].split("-")[0])).toEqual(["tokyo"]);
    // Monday 09:00 in Paris is 08:00 UTC.
    await setClock({ now: "2026-12-07T08:00:00Z" });
    await runDue();
    expect((await s.emails(id)).map((e) => e.to[0].split("-")[0])).toEqual(["tokyo", "paris"]);
  });

  it("refuses a window it cannot read, naming the part, and an account zone that does not exist", async () => {
    const s = await engineAccount();
    const bad = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Bad",
        send_window: { days: ["caturday"], start: "25:00", end: "17:00", timezone: "Mars/Olympus" },
        steps: [{ key: "start", type: "trigger", config: { event_name: "x" } }],
        connections: [],
      },
    });
    expect(bad.status).toBe(400);
    const paths = (bad.json.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["send_window.days.0", "send_window.start", "send_window.timezone"]));
    const zone = await call(updateAccountRoute, { method: "PUT", path: "/", key: s.key, body: { timezone: "Nowhere" } });
    expect(zone.status).toBe(400);
    expect(zone.json.error.details[0].path).toBe("timezone");
  });
});
