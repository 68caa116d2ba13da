import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as checksRoute } from "@/app/api/v1/automations/[id]/checks/route";
import { GET as matchingRoute } from "@/app/api/v1/automations/[id]/matching-contacts/route";
import { POST as pauseRoute } from "@/app/api/v1/automations/[id]/pause/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createSegmentRoute } from "@/app/api/v1/segments/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { segmentEntriesJob } from "@/lib/automations/triggers/segment-entries-job";
import { checkSegmentEntries } from "@/lib/automations/triggers/check-segment-entries";
import { call, makeAccount } from "../helpers/api";
import { engineAccount, runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

// The segment_entry trigger through the routes and the real jobs: a contact who starts to match
// a segment (a filtered one's rule, or a list) starts a run; those already in it at activation
// do not, unless the activation asks for them; leaving and entering again follows the re-entry
// policy; a segment that is not the account's blocks activation.

withEngineTestClock();

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
const runDue = () => runDueJobs([segmentEntriesJob, advanceEnrollmentJob, emailSendJob], { limit: 4, rounds: 30 });
/** A pass of the segment job over one automation (a scheduled one takes them all), then whatever it started. */
const pass = async (automationId: string) => {
  const summary = await checkSegmentEntries({ automationId });
  await runDue();
  return summary;
};

async function world() {
  const account = await engineAccount();
  const { key } = account;
  const segment = async (body: Record<string, unknown>) => {
    const res = await call(createSegmentRoute, { method: "POST", path: "/", key, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  const contact = async (email: string, properties: Record<string, unknown> = {}) => {
    const res = await call(createContactRoute, { method: "POST", path: "/", key, body: { email, properties } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  const setPlan = async (id: string, plan: string) =>
    expect(
      (await call(patchContactRoute, { method: "PATCH", path: "/", key, params: { id }, body: { properties: { plan } } })).status,
    ).toBe(200);
  const automation = async (segmentId: string, extra: Record<string, unknown> = {}) => {
    const res = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Welcome to pro",
        from: account.from,
        triggerType: "segment_entry",
        triggerConfig: { segmentId },
        steps: [{ delayMinutes: 0, subject: "Welcome to {{list_name}}", bodyHtml: '<p>Hi</p><a href="{{unsubscribe_url}}">u</a>' }],
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  const activate = async (id: string, body?: Record<string, unknown>) => {
    const res = await call(activateRoute, { method: "POST", path: "/", key, params: { id }, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { enrolled: number; enrollingInBackground: boolean };
  };
  const recipients = async (automationId: string) => (await account.emails(automationId)).map((e) => e.to[0]).sort();
  return { ...account, segment, contact, setPlan, automation, activate, recipients };
}

describe("segment_entry trigger", () => {
  it("starts a run for a contact who comes to match a filtered segment, once, and not for those already in it", async () => {
    const w = await world();
    const pros = await w.segment({ name: "Pro plan", filter: { type: "rule", field: "plan", operator: "eq", value: "pro" } });
    const already = address("already");
    await w.contact(already, { plan: "pro" });
    const id = await w.automation(pros);
    expect(await w.activate(id)).toMatchObject({ enrolled: 0, enrollingInBackground: false });
    await runDue(); // the activation's own pass records who is in the segment now
    expect(await w.recipients(id)).toEqual([]);

    const upgrader = address("upgrader");
    const upgraderId = await w.contact(upgrader, { plan: "free" });
    expect((await pass(id)).entered).toBe(0);
    await w.setPlan(upgraderId, "pro");
    expect(await pass(id)).toMatchObject({ entered: 1, started: 1 });
    expect(await w.recipients(id)).toEqual([upgrader]);
    const [email] = await w.emails(id);
    expect(email.subject).toBe("Welcome to Pro plan");

    // Still in it: nothing more. Leaves, then enters again: the default policy (never) starts no second run.
    expect((await pass(id)).entered).toBe(0);
    await w.setPlan(upgraderId, "free");
    expect((await pass(id)).left).toBe(1);
    await w.setPlan(upgraderId, "pro");
    expect(await pass(id)).toMatchObject({ entered: 1, started: 0 });
    expect(await w.recipients(id)).toEqual([upgrader]);
  });

  it("enrolls the members already in it when the activation asks, and counts them first", async () => {
    const w = await world();
    const pros = await w.segment({ name: "Pro", filter: { type: "rule", field: "plan", operator: "eq", value: "pro" } });
    const a = address("a");
    const b = address("b");
    await w.contact(a, { plan: "pro" });
    await w.contact(b, { plan: "pro" });
    await w.contact(address("free"), { plan: "free" });
    const id = await w.automation(pros);
    const matching = await call(matchingRoute, { path: "/", key: w.key, params: { id } });
    expect(matching.json).toEqual({ count: 2, supported: true });
    expect(await w.activate(id, { enrollExisting: true })).toMatchObject({ enrolled: 2, enrollingInBackground: true });
    await runDue();
    expect(await w.recipients(id)).toEqual([a, b].sort());
  });

  it("starts a run for a list's new member, and re-enters after leaving when the policy allows", async () => {
    const w = await world();
    const list = await w.segment({ name: "Beta" });
    const id = await w.automation(list);
    // The journey setting (PATCH /api/v1/resend/automations), set here on the row.
    await getDb().automation.update({ where: { id }, data: { reentry: "after_exit" } });
    await w.activate(id);
    await runDue();
    const member = address("member");
    const res = await call(addMemberRoute, { method: "POST", path: "/", key: w.key, params: { id: list }, body: { email: member } });
    expect(res.status).toBeLessThan(300);
    expect(await pass(id)).toMatchObject({ entered: 1, started: 1 });
    expect(await w.recipients(id)).toEqual([member]);
    // Its run has ended (one email): leaving and joining again starts a second one.
    const contactId = (res.json as { contact: { id: string } }).contact.id;
    await getDb().listMembership.delete({ where: { listId_contactId: { listId: list, contactId } } });
    expect((await pass(id)).left).toBe(1);
    await call(addMemberRoute, { method: "POST", path: "/", key: w.key, params: { id: list }, body: { email: member } });
    expect(await pass(id)).toMatchObject({ entered: 1, started: 1 });
    expect(await w.recipients(id)).toEqual([member, member]);
  });

  it("does not start runs while paused, and records the members afresh on activation", async () => {
    const w = await world();
    const pros = await w.segment({ name: "Pro", filter: { type: "rule", field: "plan", operator: "eq", value: "pro" } });
    const id = await w.automation(pros);
    await w.activate(id);
    await runDue();
    expect((await call(pauseRoute, { method: "POST", path: "/", key: w.key, params: { id } })).status).toBe(200);
    const whilePaused = await w.contact(address("paused"), { plan: "pro" });
    expect((await pass(id)).automations).toBe(0);
    await w.activate(id);
    await runDue();
    expect(await w.recipients(id)).toEqual([]);
    expect(await getDb().segmentEntry.count({ where: { automationId: id, contactId: whilePaused, startedAt: { not: null } } })).toBe(1);
  });

  it("refuses to activate on a segment that is not the account's", async () => {
    const w = await world();
    const other = await makeAccount();
    const theirs = await call(createSegmentRoute, { method: "POST", path: "/", key: other.key, body: { name: "Theirs" } });
    const id = await w.automation(theirs.json.id);
    const checks = await call(checksRoute, { path: "/", key: w.key, params: { id } });
    expect(checks.json.blockers.map((b: { code: string }) => b.code)).toContain("segment_missing");
    const res = await call(activateRoute, { method: "POST", path: "/", key: w.key, params: { id } });
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual([expect.objectContaining({ path: "triggerConfig.segmentId" })]);
  });

  it("answers 400 naming segmentId when it is missing", async () => {
    const w = await world();
    const res = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: w.key,
      body: {
        name: "x",
        triggerType: "segment_entry",
        triggerConfig: {},
        steps: [{ delayMinutes: 0, subject: "s", bodyHtml: "<p>b</p>" }],
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json.error.details)).toContain("triggerConfig.segmentId");
  });
});
