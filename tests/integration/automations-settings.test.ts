import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { GET as getAutomationRoute, PATCH as patchAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { call } from "../helpers/api";
import { engineAccount } from "../helpers/automation-engine";

// The journeys' settings on the spec's linear automation routes (camelCase): a goal event that
// ends an enrollment as converted, the re-entry policy and cooldown, transactional and the
// send window; stored, shown, changed and refused with a 400 naming the field.

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
const window = { days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00", timezone: "contact" };

async function create(key: string, from: string, extra: Record<string, unknown>) {
  return call(createAutomationRoute, {
    method: "POST",
    path: "/",
    key,
    body: {
      name: "Trial nudges",
      from,
      triggerType: "event",
      triggerConfig: { eventName: "trial_started" },
      steps: [{ delayMinutes: 1440, subject: "Still there?", bodyHtml: '<p>Hi</p><a href="{{unsubscribe_url}}">u</a>' }],
      ...extra,
    },
  });
}

describe("automation settings on the spec's routes", () => {
  it("stores, shows and changes the goal, re-entry, cooldown, transactional and send window", async () => {
    const w = await engineAccount();
    const res = await create(w.key, w.from, {
      goal: { eventName: "purchased" },
      reentry: "after_exit",
      cooldown: "7 days",
      transactional: true,
      sendWindow: window,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      goal: { eventName: "purchased" },
      reentry: "after_exit",
      cooldown: "7 days",
      transactional: true,
      sendWindow: window,
    });
    const id = res.json.id as string;
    const patched = await call(patchAutomationRoute, {
      method: "PATCH",
      path: "/",
      key: w.key,
      params: { id },
      body: { sendWindow: null, goal: null },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    const got = (await call(getAutomationRoute, { path: "/", key: w.key, params: { id } })).json;
    expect(got).toMatchObject({ goal: null, sendWindow: null, reentry: "after_exit", cooldown: "7 days", transactional: true });
  });

  it("ends an enrollment as converted when its contact does the goal event", async () => {
    const w = await engineAccount();
    const res = await create(w.key, w.from, { goal: { eventName: "purchased" } });
    const id = res.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: w.key, params: { id } })).status).toBe(200);
    const email = address("buyer");
    await w.event(email, "trial_started");
    await w.event(email, "purchased");
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: id } });
    expect(enrollment).toMatchObject({ status: "completed", outcome: "converted" });
  });

  it("answers 400 naming the setting at fault", async () => {
    const w = await engineAccount();
    for (const [extra, path] of [
      [{ goal: { rule: { type: "rule", field: "plan", operator: "eq", value: "pro" } } }, "goal"],
      [{ reentry: "sometimes" }, "reentry"],
      [{ cooldown: "forever" }, "cooldown"],
      [{ transactional: "yes" }, "transactional"],
      [{ sendWindow: { ...window, start: "9am" } }, "sendWindow.start"],
    ] as const) {
      const res = await create(w.key, w.from, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });
});
