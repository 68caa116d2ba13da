import { describe, expect, it } from "vitest";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { POST as startRunRoute } from "@/app/api/v1/automations/[id]/test-runs/route";
import { GET as getRunRoute } from "@/app/api/v1/automations/[id]/test-runs/[runId]/route";
import { POST as sendEventRoute } from "@/app/api/v1/automations/[id]/test-runs/[runId]/events/route";
import { POST as skipWaitRoute } from "@/app/api/v1/automations/[id]/test-runs/[runId]/skip-wait/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call, makeAccount } from "../helpers/api";
import { engineAccount, runDueJobs } from "../helpers/automation-engine";

// A journey's test run follows its graph for a made-up contact, into the dev inbox: the
// condition on the contact's properties, and at a wait the tester sends the event (the
// event_received path) or skips the wait (the timeout path). Each run shows the path it took.

const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob], { limit: 4, rounds: 30 });
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
const send = (key: string, subject: string) => ({ key, type: "send_email", config: { subject, html: "<p>Hi {{name}}</p>" } });

type Run = {
  id: string;
  status: string;
  waitingFor: string | null;
  path: { key: string; status: string; output: Record<string, unknown> | null }[];
  emails: { subject: string }[];
};

async function world() {
  const w = await engineAccount();
  const res = await call(createJourneyRoute, {
    method: "POST",
    path: "/",
    key: w.key,
    body: {
      name: "Trial",
      from: w.from,
      steps: [
        { key: "start", type: "trigger", config: { event_name: "trial_started" } },
        { key: "is_team", type: "condition", config: { type: "rule", field: "seats", operator: "gt", value: 1 } },
        { key: "wait_invite", type: "wait_for_event", config: { event_name: "invited", timeout: "3 days" } },
        send("thanks", "Thanks for inviting your team"),
        send("nudge", "Invite your team"),
        send("solo", "Tips for working solo"),
      ],
      connections: [
        { from: "start", to: "is_team" },
        { from: "is_team", to: "wait_invite", type: "condition_met" },
        { from: "is_team", to: "solo", type: "condition_not_met" },
        { from: "wait_invite", to: "thanks", type: "event_received" },
        { from: "wait_invite", to: "nudge", type: "timeout" },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = res.json.id as string;
  const start = async (properties: Record<string, unknown>) => {
    const started = await call(startRunRoute, {
      method: "POST",
      path: "/",
      key: w.key,
      params: { id },
      body: { email: address("t"), name: "Tess", properties },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    await runDue();
    return started.json.id as string;
  };
  const get = async (runId: string) => (await call(getRunRoute, { path: "/", key: w.key, params: { id, runId } })).json as Run;
  return { ...w, id, start, get };
}

const taken = (run: Run) => run.path.map((s) => `${s.key}:${s.status}`);

describe("journey test runs", () => {
  it("follows the condition and, at a wait, the event the tester sends", async () => {
    const w = await world();
    const runId = await w.start({ seats: 5 });
    let run = await w.get(runId);
    expect(run).toMatchObject({ status: "running", waitingFor: "invited" });
    expect(taken(run)).toEqual(["start:completed", "is_team:completed", "wait_invite:waiting"]);
    expect(run.path[1].output).toEqual({ result: true });

    // Not the event it waits for: a 409 that says so.
    const wrong = await call(sendEventRoute, {
      method: "POST",
      path: "/",
      key: w.key,
      params: { id: w.id, runId },
      body: { name: "paid" },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.json.error.message).toContain("not waiting for the event paid");
    const sent = await call(sendEventRoute, {
      method: "POST",
      path: "/",
      key: w.key,
      params: { id: w.id, runId },
      body: { name: "invited" },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    await runDue();
    run = await w.get(runId);
    expect(run.status).toBe("completed");
    expect(taken(run)).toEqual(["start:completed", "is_team:completed", "wait_invite:completed", "thanks:completed"]);
    expect(run.path[2].output).toEqual({ event: "invited" });
    expect(run.emails.map((e) => e.subject)).toEqual(["Thanks for inviting your team"]);
    // A test run counts nowhere: no enrollment of a real contact, nothing charged.
    expect(await getDb().enrollment.count({ where: { automationId: w.id, isTest: false } })).toBe(0);
  });

  it("takes the timeout path when the tester skips the wait, and the other branch for another contact", async () => {
    const w = await world();
    const waiting = await w.start({ seats: 3 });
    const skipped = await call(skipWaitRoute, { method: "POST", path: "/", key: w.key, params: { id: w.id, runId: waiting } });
    expect(skipped.status, JSON.stringify(skipped.json)).toBe(200);
    await runDue();
    const run = await w.get(waiting);
    expect(taken(run)).toEqual(["start:completed", "is_team:completed", "wait_invite:completed", "nudge:completed"]);
    expect(run.path[2].output).toEqual({ timedOut: true });
    expect(run.emails.map((e) => e.subject)).toEqual(["Invite your team"]);
    // Nothing to skip once it is over.
    expect((await call(skipWaitRoute, { method: "POST", path: "/", key: w.key, params: { id: w.id, runId: waiting } })).status).toBe(409);

    const solo = await w.get(await w.start({ seats: 1 }));
    expect(taken(solo)).toEqual(["start:completed", "is_team:completed", "solo:completed"]);
    expect(solo.path[1].output).toEqual({ result: false });
    expect(solo.emails.map((e) => e.subject)).toEqual(["Tips for working solo"]);
  });

  it("refuses another account's run, and a bad event name", async () => {
    const w = await world();
    const runId = await w.start({ seats: 2 });
    const other = await makeAccount();
    expect(
      (await call(sendEventRoute, { method: "POST", path: "/", key: other.key, params: { id: w.id, runId }, body: { name: "invited" } }))
        .status,
    ).toBe(404);
    expect((await call(skipWaitRoute, { method: "POST", path: "/", key: other.key, params: { id: w.id, runId } })).status).toBe(404);
    const bad = await call(sendEventRoute, { method: "POST", path: "/", key: w.key, params: { id: w.id, runId }, body: { name: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("name");
  });
});
