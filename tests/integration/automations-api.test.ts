import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/automations/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as addStepRoute } from "@/app/api/v1/automations/[id]/steps/route";
import { DELETE as deleteStepRoute, PATCH as patchStepRoute } from "@/app/api/v1/automations/[id]/steps/[stepId]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as pauseRoute } from "@/app/api/v1/automations/[id]/pause/route";
import { GET as enrollmentsRoute } from "@/app/api/v1/automations/[id]/enrollments/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { DELETE as deleteTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { GET as scenariosRoute } from "@/app/api/v1/automation-scenarios/route";
import { GET as scenarioRoute } from "@/app/api/v1/automation-scenarios/[id]/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { getDb } from "@/lib/db/client";
import { call, makeAccount as makeBaseAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

const path = "/api/v1/automations";

// These tests make many calls per key: lift the rate limit.
async function makeAccount() {
  const account = await makeBaseAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  return account;
}

const body = (extra: Record<string, unknown> = {}) => ({
  name: "Onboarding",
  description: "Welcome series",
  triggerType: "list_join",
  triggerConfig: { listName: "Trial" },
  steps: [
    { delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: "<p>Hi {{name}}</p>" },
    { delayMinutes: 1440, subject: "Day 2", bodyHtml: "<p>Tips</p>" },
  ],
  ...extra,
});

const create = (key: string, b: unknown = body()) => call(createRoute, { method: "POST", path, key, body: b });
const get = (key: string, id: string) => call(getRoute, { path: "/", key, params: { id } });
const patch = (key: string, id: string, b: unknown) => call(patchRoute, { method: "PATCH", path: "/", key, body: b, params: { id } });
const addStep = (key: string, id: string, b: unknown) => call(addStepRoute, { method: "POST", path: "/", key, body: b, params: { id } });
const patchStep = (key: string, id: string, stepId: string, b: unknown) =>
  call(patchStepRoute, { method: "PATCH", path: "/", key, body: b, params: { id, stepId } });
const deleteStep = (key: string, id: string, stepId: string) =>
  call(deleteStepRoute, { method: "DELETE", path: "/", key, params: { id, stepId } });
const activate = (key: string, id: string) => call(activateRoute, { method: "POST", path: "/", key, params: { id } });
const createList = (key: string, name: string) => call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name } });
const pause = (key: string, id: string) => call(pauseRoute, { method: "POST", path: "/", key, params: { id } });

/** A verified sender domain, and the list the default body's list_join trigger names (activation needs both). */
async function senderAccount() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  expect((await createList(account.key, "Trial")).status).toBe(201);
  return { ...account, from: `Team <hello@${domain.domain}>` };
}

describe("automations API", () => {
  it("creates a paused automation and reads, lists, updates and deletes it", async () => {
    const { key } = await makeAccount();
    const res = await create(key);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Onboarding",
      description: "Welcome series",
      status: "paused",
      triggerType: "list_join",
      triggerConfig: { listName: "Trial" },
      from: null,
      stats: { active: 0, completed: 0, cancelled: 0, failed: 0 },
    });
    expect(res.json.id).toMatch(/^aut_/);
    expect(res.json.steps.map((s: { position: number; delayMinutes: number }) => [s.position, s.delayMinutes])).toEqual([
      [0, 0],
      [1, 1440],
    ]);
    expect(res.json.steps[0]).toEqual({
      id: expect.stringMatching(/^stp_/),
      position: 0,
      delayMinutes: 0,
      subject: "Welcome {{name}}",
      bodyHtml: "<p>Hi {{name}}</p>",
      templateId: null,
      design: null,
    });
    const id = res.json.id;
    expect((await get(key, id)).json).toEqual(res.json);

    const second = await create(
      key,
      body({ name: "Upgrade", triggerType: "property_changed", triggerConfig: { property: "plan", to: "pro" } }),
    );
    expect(second.status).toBe(201);
    const list = await call(listRoute, { path, key });
    expect(list.json.data.map((a: { id: string }) => a.id)).toEqual([second.json.id, id]);
    expect(list.json.pagination.total).toBe(2);
    expect((await call(listRoute, { path: `${path}?status=active`, key })).json.data).toEqual([]);
    expect((await call(listRoute, { path: `${path}?status=weird`, key })).status).toBe(400);

    const patched = await patch(key, id, {
      name: "Onboarding v2",
      description: null,
      triggerType: "property_equals",
      triggerConfig: { property: "plan", value: "trial" },
      from: "news@example.com",
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      name: "Onboarding v2",
      description: null,
      triggerType: "property_equals",
      triggerConfig: { property: "plan", value: "trial" },
      from: "news@example.com",
    });
    // A new config is checked against the stored type.
    expect((await patch(key, id, { triggerConfig: { listName: "x" } })).status).toBe(400);
    expect((await patch(key, id, { triggerType: "list_join" })).status).toBe(400);

    expect((await call(deleteRoute, { method: "DELETE", path: "/", key, params: { id } })).status).toBe(200);
    expect((await get(key, id)).status).toBe(404);
  });

  it("validates the body, triggers and steps", async () => {
    const { key } = await makeAccount();
    const bad = async (b: unknown, pathExpected: string) => {
      const res = await create(key, b);
      expect(res.status).toBe(400);
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(pathExpected);
    };
    await bad(body({ steps: [] }), "steps");
    await bad(body({ triggerType: "webhook" }), "triggerType");
    await bad(body({ triggerConfig: {} }), "triggerConfig.listName");
    await bad(body({ triggerType: "property_equals", triggerConfig: { property: "plan" } }), "triggerConfig.value");
    await bad(body({ triggerType: "property_equals", triggerConfig: { property: "plan", value: 5 } }), "triggerConfig.value");
    await bad(body({ steps: [{ delayMinutes: -1, subject: "a", bodyHtml: "b" }] }), "steps.0.delayMinutes");
    await bad(body({ steps: [{ delayMinutes: 1.5, subject: "a", bodyHtml: "b" }] }), "steps.0.delayMinutes");
    await bad(body({ steps: [{ delayMinutes: 0, subject: "a" }] }), "steps.0.bodyHtml");
    await bad(body({ steps: [{ delayMinutes: 0, subject: "a", bodyHtml: "b", templateId: "tpl_x" }] }), "steps.0.templateId");
    await bad(body({ steps: [{ delayMinutes: 0, subject: "Hi {{name", bodyHtml: "b" }] }), "steps.0.subject");
    await bad(body({ steps: [{ delayMinutes: 0, templateId: "tpl_missing" }] }), "steps.0.templateId");
    await bad(body({ from: "not an address" }), "from");
    // property_changed accepts either side omitted.
    const changed = await create(key, body({ triggerType: "property_changed", triggerConfig: { property: "status", from: "trial" } }));
    expect(changed.status).toBe(201);
  });

  it("adds, inserts, edits and removes steps while paused, and 409s while active", async () => {
    const s = await senderAccount();
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key: s.key,
      body: { name: "T", subject: "Hello {{name}}", htmlBody: "<p>{{company}}</p>" },
    });
    const { json: automation } = await create(s.key, body({ from: s.from }));
    const id = automation.id;
    const [first, second] = automation.steps;

    const appended = await addStep(s.key, id, { delayMinutes: 4320, templateId: template.json.id });
    expect(appended.status).toBe(201);
    expect(appended.json).toMatchObject({ position: 2, templateId: template.json.id, subject: null, bodyHtml: null });
    const inserted = await addStep(s.key, id, { delayMinutes: 60, subject: "Inserted", bodyHtml: "<p>x</p>", position: 1 });
    expect(inserted.json.position).toBe(1);
    let steps = (await get(s.key, id)).json.steps.map((x: { id: string }) => x.id);
    expect(steps).toEqual([first.id, inserted.json.id, second.id, appended.json.id]);
    expect((await addStep(s.key, id, { delayMinutes: 0, templateId: "tpl_nope" })).status).toBe(400);
    expect((await addStep(s.key, id, { delayMinutes: 0 })).status).toBe(400);

    // Switching a step between inline content and a template.
    const toTemplate = await patchStep(s.key, id, second.id, { templateId: template.json.id, delayMinutes: 2880 });
    expect(toTemplate.json).toMatchObject({ templateId: template.json.id, subject: null, bodyHtml: null, delayMinutes: 2880 });
    expect((await patchStep(s.key, id, second.id, { subject: "Only a subject" })).status).toBe(400);
    const toInline = await patchStep(s.key, id, second.id, { subject: "Back", bodyHtml: "<p>inline</p>" });
    expect(toInline.json).toMatchObject({ templateId: null, subject: "Back", bodyHtml: "<p>inline</p>" });
    expect((await patchStep(s.key, id, "stp_missing", { delayMinutes: 1 })).status).toBe(404);

    expect((await deleteStep(s.key, id, inserted.json.id)).status).toBe(200);
    steps = (await get(s.key, id)).json.steps.map((x: { id: string; position: number }) => [x.id, x.position]);
    expect(steps).toEqual([
      [first.id, 0],
      [second.id, 1],
      [appended.json.id, 2],
    ]);

    // A template used by a step cannot be deleted.
    const delTemplate = await call(deleteTemplateRoute, { method: "DELETE", path: "/", key: s.key, params: { id: template.json.id } });
    expect(delTemplate.status).toBe(409);

    const activated = await activate(s.key, id);
    expect(activated.status).toBe(200);
    expect(activated.json.status).toBe("active");
    expect((await activate(s.key, id)).status).toBe(200);
    expect((await addStep(s.key, id, { delayMinutes: 0, subject: "a", bodyHtml: "b" })).status).toBe(409);
    expect((await patchStep(s.key, id, first.id, { delayMinutes: 5 })).status).toBe(409);
    expect((await deleteStep(s.key, id, first.id)).status).toBe(409);
    expect((await patch(s.key, id, { triggerConfig: { listName: "Other" } })).status).toBe(409);
    // Name and description may change while active.
    const renamed = await patch(s.key, id, { name: "Renamed" });
    expect(renamed.json).toMatchObject({ name: "Renamed" });
    expect((await call(listRoute, { path: `${path}?status=active`, key: s.key })).json.data.map((a: { id: string }) => a.id)).toEqual([id]);

    const paused = await pause(s.key, id);
    expect(paused.json.status).toBe("paused");
    expect((await deleteStep(s.key, id, first.id)).status).toBe(200);
  });

  it("refuses to activate without steps, with a missing template or without a verified sender", async () => {
    const s = await senderAccount();
    // No sender at all.
    const { json: noSender } = await create(s.key);
    const res = await activate(s.key, noSender.id);
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual([{ path: "from", message: expect.stringContaining("no sender") }]);

    // An unverified domain.
    await patch(s.key, noSender.id, { from: "a@unverified.example" });
    const unverified = await activate(s.key, noSender.id);
    expect(unverified.status).toBe(400);
    expect(unverified.json.error.details[0].message).toContain("unverified.example");

    // The account's default sender on a verified domain is enough.
    await getDb().account.update({ where: { id: s.accountId }, data: { defaultFrom: s.from } });
    await patch(s.key, noSender.id, { from: null });
    expect((await activate(s.key, noSender.id)).status).toBe(200);

    // No steps left.
    const { json: empty } = await create(s.key, body({ from: s.from }));
    for (const step of empty.steps) await deleteStep(s.key, empty.id, step.id);
    const noSteps = await activate(s.key, empty.id);
    expect(noSteps.status).toBe(400);
    expect(noSteps.json.error.details.map((d: { path: string }) => d.path)).toEqual(["steps"]);

    // A step whose template is gone (removed behind the API's back).
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key: s.key,
      body: { name: "T", subject: "s", htmlBody: "<p>b</p>" },
    });
    const { json: withTemplate } = await create(s.key, body({ from: s.from, steps: [{ delayMinutes: 0, templateId: template.json.id }] }));
    await getDb().automationStep.updateMany({ where: { automationId: withTemplate.id }, data: { templateId: null } });
    const missing = await activate(s.key, withTemplate.id);
    expect(missing.status).toBe(400);
    expect(missing.json.error.details.map((d: { path: string }) => d.path)).toEqual(["steps.0"]);
  });

  it("lists enrollments and answers 404 for another account's automation", async () => {
    const owner = await makeAccount();
    const stranger = await makeAccount();
    const { json } = await create(owner.key);
    const enrollments = await call(enrollmentsRoute, { path: "/", key: owner.key, params: { id: json.id } });
    expect(enrollments.status).toBe(200);
    expect(enrollments.json).toEqual({ data: [], pagination: { limit: 20, offset: 0, total: 0, hasMore: false } });
    expect((await call(enrollmentsRoute, { path: "/?status=bogus", key: owner.key, params: { id: json.id } })).status).toBe(400);

    const k = stranger.key;
    expect((await get(k, json.id)).status).toBe(404);
    expect((await patch(k, json.id, { name: "x" })).status).toBe(404);
    expect((await addStep(k, json.id, { delayMinutes: 0, subject: "a", bodyHtml: "b" })).status).toBe(404);
    expect((await patchStep(k, json.id, json.steps[0].id, { delayMinutes: 1 })).status).toBe(404);
    expect((await deleteStep(k, json.id, json.steps[0].id)).status).toBe(404);
    expect((await activate(k, json.id)).status).toBe(404);
    expect((await pause(k, json.id)).status).toBe(404);
    expect((await call(enrollmentsRoute, { path: "/", key: k, params: { id: json.id } })).status).toBe(404);
    expect((await call(deleteRoute, { method: "DELETE", path: "/", key: k, params: { id: json.id } })).status).toBe(404);
    expect((await get(owner.key, json.id)).json.steps).toHaveLength(2);
  });

  it("serves the scenario gallery, and a scenario is a body POST /automations accepts unchanged", async () => {
    const s = await senderAccount();
    const all = await call(scenariosRoute, { path: "/api/v1/automation-scenarios?limit=100", key: s.key });
    expect(all.status).toBe(200);
    expect(all.json.pagination.total).toBe(43);
    expect(new Set(all.json.data.map((x: { industry: string }) => x.industry)).size).toBe(7);
    const saas = await call(scenariosRoute, { path: "/api/v1/automation-scenarios?industry=saas", key: s.key });
    expect(saas.json.data.every((x: { industry: string }) => x.industry === "saas")).toBe(true);
    expect((await call(scenariosRoute, { path: "/api/v1/automation-scenarios?industry=mining", key: s.key })).status).toBe(400);

    const one = await call(scenarioRoute, { path: "/", key: s.key, params: { id: "ecommerce-abandoned-cart" } });
    expect(one.json).toMatchObject({
      id: "ecommerce-abandoned-cart",
      industry: "ecommerce",
      triggerType: "property_equals",
      goal: { eventName: "order_placed" },
    });
    expect((await call(scenarioRoute, { path: "/", key: s.key, params: { id: "nope" } })).status).toBe(404);

    const created = await create(s.key, one.json);
    expect(created.status).toBe(201);
    // Cart recovery stops at the purchase: the scenario's goal comes with it.
    expect(created.json).toMatchObject({
      name: one.json.name,
      triggerConfig: one.json.triggerConfig,
      goal: one.json.goal,
      status: "paused",
    });
    expect(created.json.steps.map((x: { delayMinutes: number }) => x.delayMinutes)).toEqual(
      one.json.steps.map((x: { delayMinutes: number }) => x.delayMinutes),
    );
    await patch(s.key, created.json.id, { from: s.from });
    expect((await activate(s.key, created.json.id)).status).toBe(200);
  });

  it("accepts every one of the 43 scenarios unchanged, and each activates once a verified sender and its list exist", async () => {
    const s = await senderAccount();
    await getDb().account.update({ where: { id: s.accountId }, data: { defaultFrom: s.from } });
    const all = await call(scenariosRoute, { path: "/api/v1/automation-scenarios?limit=100", key: s.key });
    expect(all.json.data).toHaveLength(43);
    type Scenario = { id: string; triggerType: string; triggerConfig: { listName?: string } };
    const lists = new Set((all.json.data as Scenario[]).filter((x) => x.triggerType === "list_join").map((x) => x.triggerConfig.listName!));
    for (const name of lists) if (name !== "Trial") expect((await createList(s.key, name)).status).toBe(201);
    for (const scenario of all.json.data as { id: string }[]) {
      const created = await create(s.key, scenario);
      expect(created.status, scenario.id).toBe(201);
      const activated = await activate(s.key, created.json.id);
      expect(activated.status, `${scenario.id}: ${JSON.stringify(activated.json)}`).toBe(200);
    }
  });
});
