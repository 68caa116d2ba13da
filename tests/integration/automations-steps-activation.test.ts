import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { POST as createAutomationRoute, GET as listAutomationsRoute } from "@/app/api/v1/automations/route";
import { GET as getRoute, PUT as putAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as pauseRoute } from "@/app/api/v1/automations/[id]/pause/route";
import { POST as addStepRoute, PUT as replaceStepsRoute } from "@/app/api/v1/automations/[id]/steps/route";
import { PUT as putStepRoute } from "@/app/api/v1/automations/[id]/steps/[stepId]/route";
import { GET as funnelRoute } from "@/app/api/v1/automations/[id]/funnel/route";
import { GET as matchingRoute } from "@/app/api/v1/automations/[id]/matching-contacts/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PUT as putContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { now } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { enrollExistingJob } from "@/lib/automations/enrollments/enroll-existing-job";
import { selectExistingMatches } from "@/lib/automations/enrollments/enroll-existing-sql";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

beforeEach(() => {
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterEach(() => {
  delete process.env.ENABLE_TEST_CLOCK;
  delete process.env.ENROLL_EXISTING_INLINE_MAX;
  resetEnvCache();
});

type Step = {
  id: string;
  position: number;
  delayMinutes: number;
  subject: string | null;
  bodyHtml: string | null;
  templateId: string | null;
};

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const { key } = account;
  const from = `Acme <hello@${domain.domain}>`;
  const post = async (handler: Parameters<typeof call>[0], body: unknown, params: Record<string, string> = {}) =>
    call(handler, { method: "POST", path: "/", key, body, params });
  return {
    ...account,
    from,
    post,
    async automation(extra: Record<string, unknown> = {}) {
      const res = await post(createAutomationRoute, {
        name: "Onboarding",
        from,
        triggerType: "list_join",
        triggerConfig: { listName: "Trial" },
        steps: [
          { delayMinutes: 0, subject: "A", bodyHtml: "<p>a</p>" },
          { delayMinutes: 60, subject: "B", bodyHtml: "<p>b</p>" },
          { delayMinutes: 120, subject: "C", bodyHtml: "<p>c</p>" },
        ],
        ...extra,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json as { id: string; steps: Step[] };
    },
    replace: (id: string, steps: unknown) => call(replaceStepsRoute, { method: "PUT", path: "/", key, body: { steps }, params: { id } }),
    activate: (id: string, body?: unknown) => call(activateRoute, { method: "POST", path: "/", key, params: { id }, body }),
    pause: (id: string) => post(pauseRoute, undefined, { id }),
    get: async (id: string) =>
      (await call(getRoute, { path: "/", key, params: { id } })).json as { steps: Step[]; stats: { active: number } },
    async contact(email: string, properties: Record<string, unknown> = {}, subscribed = true) {
      const res = await post(createContactRoute, { email, properties, subscribed });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as string;
    },
    async list(name: string, contactIds: string[]) {
      const list = (await post(createListRoute, { name })).json.id as string;
      for (const contactId of contactIds) expect((await post(addMemberRoute, { contactId }, { id: list })).status).toBeLessThan(300);
      return list;
    },
  };
}

const shape = (steps: Step[]) => steps.map((s) => [s.id, s.position, s.delayMinutes, s.subject]);

describe("PUT /automations/:id/steps", () => {
  it("reorders, edits, adds and removes steps in one go, keeping ids, history and the waiting contacts' place", async () => {
    const s = await setup();
    const automation = await s.automation();
    const [a, b, c] = automation.steps;
    const contact = await s.contact("ada@example.com");
    await s.list("Trial", []);
    expect((await s.activate(automation.id)).status).toBe(200);
    const list = await getDb().contactList.findFirstOrThrow({ where: { accountId: s.accountId, name: "Trial" } });
    await s.post(addMemberRoute, { contactId: contact }, { id: list.id });
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: automation.id } });
    expect(enrollment.nextPosition).toBe(1); // A went out; waiting on B, due in 60 minutes
    const sentA = await getDb().email.findFirstOrThrow({ where: { enrollmentId: enrollment.id } });
    expect(sentA.stepId).toBe(a.id);

    // While active: 409, nothing changes.
    expect((await s.replace(automation.id, [{ id: b.id }, { id: a.id }, { id: c.id }])).status).toBe(409);
    expect((await s.pause(automation.id)).status).toBe(200);

    // B moves to the front (delays stay where they were: 0, 60, 120), A goes after it, C is
    // removed and a new D is added at the end.
    const res = await s.replace(automation.id, [
      { id: b.id, delayMinutes: 0 },
      { id: a.id, delayMinutes: 60, subject: "A, edited" },
      { delayMinutes: 120, subject: "D", bodyHtml: "<p>d</p>" },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const steps = res.json.steps as Step[];
    expect(shape(steps)).toEqual([
      [b.id, 0, 0, "B"],
      [a.id, 1, 60, "A, edited"],
      [steps[2].id, 2, 120, "D"],
    ]);
    expect(steps[2].id).toMatch(/^stp_/);
    expect(steps.map((x) => x.id)).not.toContain(c.id);
    expect(shape((await s.get(automation.id)).steps)).toEqual(shape(steps));

    // The contact still waits on B, now at position 0, and B's wait went from 60 to 0 minutes.
    const moved = await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
    expect(moved.nextPosition).toBe(0);
    expect(moved.nextStepAt!.getTime()).toBe(enrollment.nextStepAt!.getTime() - 60 * 60_000);
    // A's history is still A's: the email it sent names it, and the funnel counts it at its new place.
    expect((await getDb().email.findUniqueOrThrow({ where: { id: sentA.id } })).stepId).toBe(a.id);
    const funnel = await call(funnelRoute, { path: "/", key: s.key, params: { id: automation.id } });
    expect(funnel.status).toBe(200);
    const funnelA = (funnel.json.steps as { stepId: string; sent: number }[]).find((x) => x.stepId === a.id);
    expect(funnelA?.sent).toBe(1);

    // Resumed, the contact gets B now; A, which it already had, is not sent again (same step id);
    // D follows. The waits are skipped by making the due rows due (not the shared clock).
    expect((await s.activate(automation.id)).status).toBe(200);
    const subjects = async () =>
      (await getDb().email.findMany({ where: { enrollmentId: enrollment.id }, orderBy: { createdAt: "asc" } })).map((e) => e.subject);
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    expect(await subjects()).toEqual(["A", "B"]);
    for (let i = 0; i < 2; i++) {
      await getDb().enrollment.update({ where: { id: enrollment.id }, data: { nextStepAt: now() } });
      await getDb().job.updateMany({ where: { accountId: s.accountId, status: "pending" }, data: { runAt: now() } });
      await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    }
    expect(await subjects()).toEqual(["A", "B", "D"]);
    expect((await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } })).status).toBe("completed");
  });

  it("400s for an unknown or repeated id and invalid content, changing nothing", async () => {
    const s = await setup();
    const automation = await s.automation();
    const [a, b] = automation.steps;
    const other = await s.automation();
    const before = shape((await s.get(automation.id)).steps);

    const unknown = await s.replace(automation.id, [{ id: a.id }, { id: other.steps[0].id }]);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.details).toEqual([{ path: "steps.1.id", message: `no step ${other.steps[0].id} in this automation` }]);
    const twice = await s.replace(automation.id, [{ id: a.id }, { id: a.id }]);
    expect(twice.status).toBe(400);
    expect(twice.json.error.details[0].path).toBe("steps.1.id");
    const noContent = await s.replace(automation.id, [{ id: a.id }, { delayMinutes: 5, subject: "Only a subject" }]);
    expect(noContent.status).toBe(400);
    const badTemplate = await s.replace(automation.id, [{ id: a.id, templateId: "tpl_missing" }]);
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.json.error.details[0].path).toBe("steps.0.templateId");
    expect((await s.replace(automation.id, [])).status).toBe(400);
    expect((await s.replace(other.id, [{ id: b.id }])).status).toBe(400);

    expect(shape((await s.get(automation.id)).steps)).toEqual(before);
  });
});

describe("the spec's words", () => {
  it("uses the template when a step has templateId and also subject/bodyHtml (201, not 400)", async () => {
    const s = await setup();
    const template = await s.post(createTemplateRoute, { name: "T", subject: "From the template", htmlBody: "<p>t</p>" });
    const created = await s.automation({
      steps: [{ delayMinutes: 0, templateId: template.json.id, subject: "ignored", bodyHtml: "<p>ignored</p>" }],
    });
    expect(created.steps[0]).toMatchObject({ templateId: template.json.id, subject: null, bodyHtml: null });

    const added = await s.post(
      addStepRoute,
      { delayMinutes: 5, templateId: template.json.id, subject: "x", bodyHtml: "<p>x</p>" },
      { id: created.id },
    );
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ templateId: template.json.id, subject: null, bodyHtml: null });

    const inline = await s.automation();
    const patched = await call(putStepRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: inline.id, stepId: inline.steps[0].id },
      body: { templateId: template.json.id, subject: "ignored too" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ templateId: template.json.id, subject: null, bodyHtml: null });
  });

  it("takes PUT beside PATCH on automations, steps and contacts", async () => {
    const s = await setup();
    const automation = await s.automation();
    const renamed = await call(putAutomationRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: automation.id },
      body: { name: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe("Renamed");
    const step = await call(putStepRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: automation.id, stepId: automation.steps[1].id },
      body: { delayMinutes: 30 },
    });
    expect(step.json).toMatchObject({ id: automation.steps[1].id, delayMinutes: 30, subject: "B" });
    const contact = await s.contact("bob@example.com", { plan: "free" });
    const put = await call(putContactRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: contact },
      body: { properties: { plan: "pro" } },
    });
    expect(put.status).toBe(200);
    expect(put.json.properties).toEqual({ plan: "pro" });
  });
});

describe("activation with enrollExisting", () => {
  it("list_join enrolls the list's subscribed, unsuppressed members once; no body enrolls nobody", async () => {
    const s = await setup();
    const members = [await s.contact("m1@example.com"), await s.contact("m2@example.com")];
    const unsubscribed = await s.contact("gone@example.com", {}, false);
    const suppressed = await s.contact("bounced@example.com");
    await getDb().suppression.create({
      data: { id: `sup_${suppressed}`, accountId: s.accountId, email: "bounced@example.com", reason: "hard_bounce", createdAt: now() },
    });
    await s.contact("outsider@example.com");
    await s.list("Trial", [...members, unsubscribed, suppressed]);

    const plain = await s.automation();
    // As a browser's fetch POST without a body arrives: an empty body stream, no Content-Type.
    const res = await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: plain.id }, rawBody: "" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "active", enrolled: 0 });
    expect(await getDb().enrollment.count({ where: { automationId: plain.id } })).toBe(0);

    const automation = await s.automation();
    const matching = await call(matchingRoute, { path: "/", key: s.key, params: { id: automation.id } });
    expect(matching.json).toEqual({ count: 2, supported: true });
    const activated = await s.activate(automation.id, { enrollExisting: true });
    expect(activated.status).toBe(200);
    expect(activated.json).toMatchObject({ id: automation.id, status: "active", enrolled: 2, enrollingInBackground: false });
    expect(activated.json.steps).toHaveLength(3);
    const enrolled = await getDb().enrollment.findMany({ where: { automationId: automation.id } });
    expect(enrolled.map((e) => e.contactId).sort()).toEqual([...members].sort());
    expect(enrolled.every((e) => e.listName === "Trial" && e.nextPosition === 0)).toBe(true);

    // The first emails go out through the engine.
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    expect(await getDb().email.count({ where: { automationId: automation.id } })).toBe(2);

    // Once per contact: pausing and activating again with enrollExisting enrolls nobody new.
    expect((await s.pause(automation.id)).status).toBe(200);
    const again = await s.activate(automation.id, { enrollExisting: true });
    expect(again.json.enrolled).toBe(0);
    expect(await getDb().enrollment.count({ where: { automationId: automation.id } })).toBe(2);

    expect((await s.activate(automation.id, { enrollExisting: "yes" })).status).toBe(400);
  });

  it("property_equals enrolls the contacts whose property equals the value; property_changed nobody", async () => {
    const s = await setup();
    const pro = await s.contact("pro@example.com", { plan: "pro" });
    const seats = await s.contact("seats@example.com", { plan: "pro", seats: 3 });
    await s.contact("free@example.com", { plan: "free" });
    await s.contact("none@example.com");
    const equals = await s.automation({ triggerType: "property_equals", triggerConfig: { property: "plan", value: "pro" } });
    const res = await s.activate(equals.id, { enrollExisting: true });
    expect(res.json.enrolled).toBe(2);
    const ids = (await getDb().enrollment.findMany({ where: { automationId: equals.id } })).map((e) => e.contactId).sort();
    expect(ids).toEqual([pro, seats].sort());

    const numeric = await s.automation({ triggerType: "property_equals", triggerConfig: { property: "seats", value: "3" } });
    expect((await s.activate(numeric.id, { enrollExisting: true })).json.enrolled).toBe(1);

    const changed = await s.automation({ triggerType: "property_changed", triggerConfig: { property: "plan", to: "pro" } });
    expect((await call(matchingRoute, { path: "/", key: s.key, params: { id: changed.id } })).json).toEqual({ count: 0, supported: false });
    const none = await s.activate(changed.id, { enrollExisting: true });
    expect(none.status).toBe(200);
    expect(none.json).toMatchObject({ status: "active", enrolled: 0 });
  });

  it("past ENROLL_EXISTING_INLINE_MAX, enrolls in the automation.enroll-existing job", async () => {
    process.env.ENROLL_EXISTING_INLINE_MAX = "2";
    resetEnvCache();
    const s = await setup();
    const contacts = [];
    for (let i = 0; i < 5; i++) contacts.push(await s.contact(`bulk${i}@example.com`));
    await s.list("Trial", contacts);
    const automation = await s.automation();
    const res = await s.activate(automation.id, { enrollExisting: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "active", enrolled: 5, enrollingInBackground: true });
    expect(await getDb().enrollment.count({ where: { automationId: automation.id } })).toBe(0);
    await runDueFor(s.accountId, [enrollExistingJob]);
    const enrolled = await getDb().enrollment.findMany({ where: { automationId: automation.id } });
    expect(enrolled.map((e) => e.contactId).sort()).toEqual([...contacts].sort());
    // The job run again (at least once delivery) enrolls nobody twice.
    const { enrollExistingContacts } = await import("@/lib/automations/enrollments/enroll-existing-contacts");
    expect(await enrollExistingContacts({ automationId: automation.id })).toEqual({ enrolled: 0 });
    expect(await getDb().enrollment.count({ where: { automationId: automation.id } })).toBe(5);
  });

  it("the background job's query reads the matches a page at a time, in id order", async () => {
    const s = await setup();
    const contacts = [];
    for (let i = 0; i < 5; i++) contacts.push(await s.contact(`page${i}@example.com`));
    await s.list("Trial", contacts);
    const automation = await s.automation();
    const o = { accountId: s.accountId, automationId: automation.id, match: { kind: "list", listName: "Trial" } as const };
    const all = await selectExistingMatches(getDb(), { ...o, limit: 10 });
    expect([...all].sort()).toEqual([...contacts].sort());
    const first = await selectExistingMatches(getDb(), { ...o, limit: 2 });
    const second = await selectExistingMatches(getDb(), { ...o, afterId: first[1], limit: 2 });
    const third = await selectExistingMatches(getDb(), { ...o, afterId: second[1], limit: 2 });
    expect([first, second, third]).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4)]);
  });
});

describe("firstActivatedAt: a never-activated automation is a draft", () => {
  it("is null until the first activation, then keeps that moment through pause and later activations", async () => {
    const s = await setup();
    const automation = await s.automation();
    const fresh = await call(getRoute, { path: "/", key: s.key, params: { id: automation.id } });
    expect(fresh.json).toMatchObject({ status: "paused", firstActivatedAt: null });
    const listed = await call(listAutomationsRoute, { path: "/", key: s.key });
    expect(listed.json.data.find((a: { id: string }) => a.id === automation.id)).toMatchObject({ firstActivatedAt: null });

    // A refused activation is not one.
    const empty = await s.automation({ from: "nobody@unverified.example" });
    expect((await s.activate(empty.id)).status).toBe(400);
    expect((await call(getRoute, { path: "/", key: s.key, params: { id: empty.id } })).json.firstActivatedAt).toBeNull();

    const activated = await s.activate(automation.id);
    expect(activated.status).toBe(200);
    const first = activated.json.firstActivatedAt as string;
    expect(Date.parse(first)).toBeGreaterThan(0);

    const paused = await s.pause(automation.id);
    expect(paused.json).toMatchObject({ status: "paused", firstActivatedAt: first });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await s.activate(automation.id);
    expect(again.json).toMatchObject({ status: "active", firstActivatedAt: first });
  });

  it("the migration's backfill marks automations that are active or have enrolled a real contact, not drafts", async () => {
    const s = await setup();
    const contact = await s.contact("c@example.com");
    const active = await s.automation();
    const pausedAfterUse = await s.automation();
    const draft = await s.automation();
    await s.activate(active.id);
    await s.activate(pausedAfterUse.id);
    await s.list("Trial", [contact]);
    await s.pause(pausedAfterUse.id);
    expect(await getDb().enrollment.count({ where: { automationId: pausedAfterUse.id, isTest: false } })).toBe(1);

    // As before the column existed: then the migration's UPDATE (static SQL, no values).
    const ids = [active.id, pausedAfterUse.id, draft.id];
    await getDb().automation.updateMany({ where: { id: { in: ids } }, data: { firstActivatedAt: null } });
    const migration = readFileSync("prisma/migrations/20261124100000_automation_first_activated_at/migration.sql", "utf8");
    const backfill = migration.slice(migration.indexOf("UPDATE"));
    await getDb().$executeRawUnsafe(backfill);

    const rows = await getDb().automation.findMany({ where: { id: { in: ids } } });
    const at = new Map(rows.map((r) => [r.id, r.firstActivatedAt]));
    expect(at.get(active.id)).toBeInstanceOf(Date);
    expect(at.get(pausedAfterUse.id)).toBeInstanceOf(Date);
    expect(at.get(draft.id)).toBeNull();
  });
});
