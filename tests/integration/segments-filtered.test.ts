import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { POST as createPropertyRoute } from "@/app/api/v1/contact-properties/route";
import { GET as listSegmentsRoute, POST as createSegmentRoute } from "@/app/api/v1/segments/route";
import { DELETE as deleteSegmentRoute, GET as getSegmentRoute, PATCH as patchSegmentRoute } from "@/app/api/v1/segments/[id]/route";
import { GET as segmentContactsRoute } from "@/app/api/v1/segments/[id]/contacts/route";
import { DELETE as leaveSegmentRoute, POST as joinSegmentRoute } from "@/app/api/v1/contacts/[id]/segments/[segmentId]/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { GET as listListsRoute, POST as createListRoute } from "@/app/api/v1/lists/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { resetEnvCache } from "@/lib/config/env";
import { evaluateRule } from "@/lib/automations/journeys/evaluate-rule";
import { call, makeAccount } from "../helpers/api";

// Filtered segments through the routes, against the real database: each operator on fields and
// typed properties, list and segment membership, email activity, events in a window, nested
// and/or, and the bounds (a 400 naming the part of the filter at fault, the statement timeout).

const onServer = Boolean(inject("fileDatabasePrefix"));
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function contact(key: string, body: Record<string, unknown>) {
  const res = await call(createContactRoute, { method: "POST", path: "/", key, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; email: string };
}

const days = (n: number) => new Date(now().getTime() - n * 86_400_000);

async function event(accountId: string, contactId: string, name: string, at: Date) {
  await getDb().contactEvent.create({ data: { id: newId("evt"), accountId, contactId, name, createdAt: at } });
}

/** An email to `to`, delivered and, as asked, opened or clicked at `at`. */
async function activity(
  accountId: string,
  to: string,
  o: { at: Date; opened?: boolean; clicked?: boolean; broadcastId?: string; automationId?: string },
) {
  const emailId = newId("em");
  await getDb().email.create({
    data: {
      id: emailId,
      accountId,
      from: "a@example.org",
      to: [to],
      subject: "s",
      status: "delivered",
      broadcastId: o.broadcastId,
      automationId: o.automationId,
      createdAt: o.at,
    },
  });
  await getDb().emailRecipient.create({
    data: {
      id: newId("rcp"),
      accountId,
      emailId,
      email: to,
      kind: "to",
      status: "delivered",
      verpToken: randomBase62(20),
      deliveredAt: o.at,
      firstOpenedAt: o.opened || o.clicked ? o.at : null,
      firstClickedAt: o.clicked ? o.at : null,
    },
  });
}

async function world() {
  const account = await makeAccount();
  const { key, accountId } = account;
  await getDb().account.update({ where: { id: accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  for (const body of [
    { key: "seats", type: "number" },
    { key: "renews", type: "date" },
    { key: "plan", type: "string" },
    { key: "beta", type: "boolean" },
  ]) {
    expect((await call(createPropertyRoute, { method: "POST", path: "/", key, body })).status).toBe(201);
  }
  const ann = await contact(key, {
    email: address("ann"),
    name: "Ann Lee",
    properties: { seats: 12, renews: "2027-03-01", plan: "pro", beta: true, city: "Oslo" },
  });
  const bob = await contact(key, { email: address("bob"), name: "Bob", properties: { seats: 3, renews: "2026-12-01", plan: "free" } });
  const cy = await contact(key, { email: address("cy"), properties: { seats: 40, plan: "pro", beta: false, city: "" } });
  const dee = await contact(key, { email: address("dee") });
  return { ...account, key, accountId, ann, bob, cy, dee };
}

async function segment(key: string, filter: unknown, name = `S ${randomBase62(5)}`) {
  const res = await call(createSegmentRoute, { method: "POST", path: "/", key, body: { name, filter } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; count: number; filter: unknown };
}

async function members(key: string, filter: unknown): Promise<string[]> {
  const s = await segment(key, filter);
  const res = await call(segmentContactsRoute, { path: "/", key, params: { id: s.id }, headers: {} });
  expect(res.status).toBe(200);
  const ids = (res.json.data as { id: string }[]).map((c) => c.id).sort();
  expect(s.count).toBe(ids.length);
  expect((await call(getSegmentRoute, { path: "/", key, params: { id: s.id } })).json.count).toBe(ids.length);
  return ids;
}

const rule = (field: string, operator: string, value?: unknown) => ({
  type: "rule",
  field,
  operator,
  ...(value === undefined ? {} : { value }),
});

describe("filtered segments: fields and typed properties", () => {
  it("each operator matches as the journeys' rules do: numbers and dates by value, text by its characters", async () => {
    const w = await world();
    const ids = (...cs: { id: string }[]) => cs.map((c) => c.id).sort();
    const k = w.key;
    expect(await members(k, rule("plan", "eq", "pro"))).toEqual(ids(w.ann, w.cy));
    expect(await members(k, rule("properties.plan", "neq", "pro"))).toEqual(ids(w.bob, w.dee));
    // 12 > 9 as numbers (as text "12" < "9").
    expect(await members(k, rule("seats", "gt", 9))).toEqual(ids(w.ann, w.cy));
    expect(await members(k, rule("seats", "lte", "12"))).toEqual(ids(w.ann, w.bob));
    expect(await members(k, rule("seats", "eq", 3))).toEqual(ids(w.bob));
    expect(await members(k, rule("renews", "lt", "2027-01-01"))).toEqual(ids(w.bob));
    expect(await members(k, rule("renews", "gte", "2027-03-01T00:00:00Z"))).toEqual(ids(w.ann));
    expect(await members(k, rule("beta", "eq", true))).toEqual(ids(w.ann));
    expect(await members(k, rule("beta", "neq", true))).toEqual(ids(w.bob, w.cy, w.dee));
    expect(await members(k, rule("city", "exists"))).toEqual(ids(w.ann, w.cy));
    expect(await members(k, rule("city", "is_empty"))).toEqual(ids(w.bob, w.cy, w.dee));
    expect(await members(k, rule("email", "starts_with", "ann-"))).toEqual(ids(w.ann));
    expect(await members(k, rule("email", "ends_with", "@example.com"))).toEqual(ids(w.ann, w.bob, w.cy, w.dee));
    expect(await members(k, rule("name", "contains", "Le"))).toEqual(ids(w.ann));
    expect(await members(k, rule("first_name", "eq", "Bob"))).toEqual(ids(w.bob));
    expect(await members(k, rule("last_name", "eq", "Lee"))).toEqual(ids(w.ann));
    expect(await members(k, rule("created_at", "gt", "2000-01-01"))).toEqual(ids(w.ann, w.bob, w.cy, w.dee));
    // A value that looks like SQL is a value, nothing more.
    expect(await members(k, rule("plan", "eq", "pro' OR '1'='1"))).toEqual([]);
    expect(await members(k, rule("city", "contains", "%"))).toEqual([]);
    // Nested and/or.
    expect(
      await members(k, {
        type: "or",
        rules: [{ type: "and", rules: [rule("plan", "eq", "pro"), rule("seats", "lt", 20)] }, rule("seats", "lt", 5)],
      }),
    ).toEqual(ids(w.ann, w.bob));
  });
});

describe("filtered segments: behaviour", () => {
  it("list and segment membership, email activity (any, or of one broadcast or automation; in a window), events done or not", async () => {
    const w = await world();
    const ids = (...cs: { id: string }[]) => cs.map((c) => c.id).sort();
    const k = w.key;
    const list = (await call(createListRoute, { method: "POST", path: "/", key: k, body: { name: "VIP" } })).json;
    await call(addMemberRoute, { method: "POST", path: "/", key: k, params: { id: list.id }, body: { contactId: w.bob.id } });
    await call(addMemberRoute, { method: "POST", path: "/", key: k, params: { id: list.id }, body: { contactId: w.dee.id } });
    expect(await members(k, { type: "segment", segmentId: list.id })).toEqual(ids(w.bob, w.dee));

    // A segment naming a filtered segment: its filter counts, composed.
    const pros = await segment(k, rule("plan", "eq", "pro"));
    expect(
      await members(k, {
        type: "or",
        rules: [
          { type: "segment", segmentId: pros.id },
          { type: "segment", segmentId: list.id },
        ],
      }),
    ).toEqual(ids(w.ann, w.bob, w.cy, w.dee));

    await activity(w.accountId, w.ann.email, { at: days(2), opened: true, broadcastId: "bc_one" });
    await activity(w.accountId, w.bob.email, { at: days(40), clicked: true, automationId: "aut_one" });
    await activity(w.accountId, w.cy.email, { at: days(1) });
    expect(await members(k, { type: "email", action: "received" })).toEqual(ids(w.ann, w.bob, w.cy));
    expect(await members(k, { type: "email", action: "opened" })).toEqual(ids(w.ann, w.bob));
    expect(await members(k, { type: "email", action: "opened", within: "30 days" })).toEqual(ids(w.ann));
    expect(await members(k, { type: "email", action: "clicked" })).toEqual(ids(w.bob));
    expect(await members(k, { type: "email", action: "received", broadcastId: "bc_one" })).toEqual(ids(w.ann));
    expect(await members(k, { type: "email", action: "clicked", automationId: "aut_one", within: "7 days" })).toEqual([]);

    await event(w.accountId, w.ann.id, "upgraded", days(3));
    await event(w.accountId, w.bob.id, "upgraded", days(20));
    expect(await members(k, { type: "event", eventName: "upgraded" })).toEqual(ids(w.ann, w.bob));
    expect(await members(k, { type: "event", eventName: "upgraded", within: "1 week" })).toEqual(ids(w.ann));
    expect(await members(k, { type: "event", eventName: "upgraded", within: "1 week", negate: true })).toEqual(ids(w.bob, w.cy, w.dee));

    // Three conditions of three kinds: a property, an activity, an event.
    expect(
      await members(k, {
        type: "and",
        rules: [rule("seats", "gte", 3), { type: "email", action: "opened" }, { type: "event", eventName: "upgraded", within: "30 days" }],
      }),
    ).toEqual(ids(w.ann, w.bob));
  });

  it("a journey's membership rule on a filtered segment asks whether the contact matches its filter now", async () => {
    const w = await world();
    const pros = await segment(w.key, rule("plan", "eq", "pro"));
    const inPros = async (id: string) => {
      const contact = await getDb().contact.findUniqueOrThrow({ where: { id } });
      return evaluateRule(
        { type: "segment", segmentId: pros.id },
        { db: getDb(), accountId: w.accountId, enrollmentId: "enr_none", contact },
      );
    };
    expect(await inPros(w.ann.id)).toBe(true);
    expect(await inPros(w.bob.id)).toBe(false);
    await getDb().contact.update({ where: { id: w.bob.id }, data: { properties: { plan: "pro" } } });
    expect(await inPros(w.bob.id)).toBe(true);
  });

  it("another account's contacts, lists and activity never match", async () => {
    const w = await world();
    const other = await world();
    const theirs = (await call(createListRoute, { method: "POST", path: "/", key: other.key, body: { name: "Theirs" } })).json;
    const res = await call(createSegmentRoute, {
      method: "POST",
      path: "/",
      key: w.key,
      body: { name: "X", filter: { type: "and", rules: [rule("plan", "exists"), { type: "segment", segmentId: theirs.id }] } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(`filter.rules.1.segmentId: no segment ${theirs.id} in this account`);
    await activity(other.accountId, w.ann.email, { at: days(1), opened: true });
    expect(await members(w.key, { type: "email", action: "opened" })).toEqual([]);
    expect(await members(w.key, rule("plan", "eq", "pro"))).toHaveLength(2);
  });
});

describe("filtered segments: the API around them", () => {
  it("members are never added or removed by hand; the filter can change; a segment named by a filter is kept; list shows filter and count", async () => {
    const w = await world();
    const k = w.key;
    const pros = await segment(k, rule("plan", "eq", "pro"), "Pros");
    expect(pros).toMatchObject({ object: "segment", name: "Pros", filter: rule("plan", "eq", "pro"), count: 2 });

    const add = await call(joinSegmentRoute, { method: "POST", path: "/", key: k, params: { id: w.bob.id, segmentId: pros.id } });
    expect(add.status).toBe(409);
    expect(add.json.error.message).toMatch(/is a filtered segment/);
    expect(
      (await call(addMemberRoute, { method: "POST", path: "/", key: k, params: { id: pros.id }, body: { contactId: w.bob.id } })).status,
    ).toBe(409);
    expect(
      (await call(leaveSegmentRoute, { method: "DELETE", path: "/", key: k, params: { id: w.ann.id, segmentId: pros.id } })).status,
    ).toBe(409);
    const created = await call(createContactRoute, {
      method: "POST",
      path: "/",
      key: k,
      body: { email: address("e"), segments: [{ id: pros.id }] },
    });
    expect(created.status).toBe(409);

    // Who matches now: a contact changed or added is counted at once.
    await contact(k, { email: address("fay"), properties: { plan: "pro" } });
    expect((await call(getSegmentRoute, { path: "/", key: k, params: { id: pros.id } })).json.count).toBe(3);

    const wrapper = await segment(k, { type: "segment", segmentId: pros.id }, "Wraps pros");
    const del = await call(deleteSegmentRoute, { method: "DELETE", path: "/", key: k, params: { id: pros.id } });
    expect(del.status).toBe(409);
    expect(del.json.error.message).toMatch(/"Wraps pros"/);

    const patched = await call(patchSegmentRoute, {
      method: "PATCH",
      path: "/",
      key: k,
      params: { id: pros.id },
      body: { filter: rule("seats", "gt", 30) },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(patched.json).toMatchObject({ name: "Pros", count: 1 });
    // A filter reaching its own segment (through another) is refused.
    const cycle = await call(patchSegmentRoute, {
      method: "PATCH",
      path: "/",
      key: k,
      params: { id: pros.id },
      body: { filter: { type: "or", rules: [rule("seats", "gt", 1), { type: "segment", segmentId: wrapper.id }] } },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.json.error.message).toMatch(/^filter\.rules\.1.*segmentId: segment lst_\w+ names itself/);

    // Lists are what people are added to: the filtered segments are not among them.
    expect((await call(listListsRoute, { path: "/", key: k })).json.data).toEqual([]);
    const listed = await call(listSegmentsRoute, { path: "/", key: k });
    expect(listed.json.data.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ["Wraps pros", 1],
      ["Pros", 1],
    ]);
  });

  it("a 400 names the part of the filter at fault: grammar, types, size, depth", async () => {
    const { key } = await world();
    const refusal = async (filter: unknown) => {
      const res = await call(createSegmentRoute, { method: "POST", path: "/", key, body: { name: "Bad", filter } });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      return res.json.error.message as string;
    };
    expect(await refusal({ type: "and", rules: [rule("seats", "gt", "many")] })).toBe("filter.rules.0.value: must be a number");
    expect(await refusal({ type: "or", rules: [rule("plan", "eq", "x"), rule("renews", "lt", "soon")] })).toMatch(
      /^filter\.rules\.1\.value: must be an ISO 8601 date/,
    );
    expect(await refusal(rule("beta", "gt", 1))).toMatch(/^filter\.value: property beta is true or false/);
    expect(await refusal({ type: "event", eventName: "x", within: "forever" })).toMatch(/^filter/);
    expect(await refusal({ type: "and", rules: [] })).toMatch(/^filter/);
    const wide = {
      type: "or",
      rules: Array.from({ length: 3 }, () => ({ type: "and", rules: Array.from({ length: 40 }, () => rule("plan", "exists")) })),
    };
    expect(await refusal(wide)).toMatch(/^filter\.rules\.2\.rules\.\d+: a filter may hold at most 100 rules/);
    let deep: unknown = rule("plan", "exists");
    for (let i = 0; i < 7; i++) deep = { type: "and", rules: [deep] };
    expect(await refusal(deep)).toMatch(/^filter/);
  });

  it.skipIf(!onServer)("a filter slower than SEGMENT_QUERY_TIMEOUT_MS is refused with a 400, and its connection is let go", async () => {
    const { key } = await world();
    const s = await segment(key, { type: "event", eventName: "upgraded" });
    // Another transaction holding the events table makes the read wait: the timeout counts waiting too.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    process.env.SEGMENT_QUERY_TIMEOUT_MS = "300";
    resetEnvCache();
    try {
      await holder.query("BEGIN");
      await holder.query(`LOCK TABLE "ContactEvent" IN ACCESS EXCLUSIVE MODE`);
      const res = await call(getSegmentRoute, { path: "/", key, params: { id: s.id } });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(/^filter: evaluating this filter took longer than 300 ms/);
      await holder.query("ROLLBACK");
      expect((await call(getSegmentRoute, { path: "/", key, params: { id: s.id } })).json.count).toBe(0);
    } finally {
      delete process.env.SEGMENT_QUERY_TIMEOUT_MS;
      resetEnvCache();
      await holder.end();
    }
  });
});
