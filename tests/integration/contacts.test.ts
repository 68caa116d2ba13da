import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/contacts/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { call, makeAccount } from "../helpers/api";

const path = "/api/v1/contacts";

const create = (key: string, body: unknown) => call(createRoute, { method: "POST", path, key, body });
const get = (key: string, id: string) => call(getRoute, { path: `${path}/${id}`, key, params: { id } });
const patch = (key: string, id: string, body: unknown) =>
  call(patchRoute, { method: "PATCH", path: `${path}/${id}`, key, body, params: { id } });

describe("contacts", () => {
  it("creates, reads, lists, updates and deletes a contact", async () => {
    const { key } = await makeAccount();
    const res = await create(key, { email: " Ada@Example.com ", name: "Ada", properties: { plan: "pro", seats: 3, vip: true } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      email: "ada@example.com",
      name: "Ada",
      properties: { plan: "pro", seats: 3, vip: true },
      subscribed: true,
      lists: [],
    });
    expect(res.json.id).toMatch(/^con_/);
    expect(res.json.createdAt).toMatch(/Z$/);
    const id = res.json.id;

    expect((await get(key, id)).json).toEqual(res.json);

    const second = await create(key, { email: "bob@example.org" });
    expect(second.json).toMatchObject({ name: null, properties: {}, subscribed: true });

    const all = await call(listRoute, { path, key });
    expect(all.json.pagination).toEqual({ limit: 20, offset: 0, total: 2, hasMore: false });
    expect(all.json.data.map((c: { id: string }) => c.id)).toEqual([second.json.id, id]);
    const byEmail = await call(listRoute, { path: `${path}?email=EXAMPLE.COM`, key });
    expect(byEmail.json.data.map((c: { id: string }) => c.id)).toEqual([id]);
    const paged = await call(listRoute, { path: `${path}?limit=1&offset=1`, key });
    expect(paged.json.data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await call(listRoute, { path: `${path}?limit=0`, key })).status).toBe(400);

    // PATCH merges properties; null removes one.
    const patched = await patch(key, id, { name: "Ada L.", properties: { seats: null, plan: "team", region: "eu" }, subscribed: false });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: "Ada L.", properties: { plan: "team", vip: true, region: "eu" }, subscribed: false });
    expect(patched.json.properties).not.toHaveProperty("seats");
    expect((await patch(key, id, { name: null })).json.name).toBeNull();

    const deleted = await call(deleteRoute, { method: "DELETE", path: `${path}/${id}`, key, params: { id } });
    expect(deleted.status).toBe(200);
    expect((await get(key, id)).status).toBe(404);
  });

  it("filters by list name or id and shows the contact's lists", async () => {
    const { key } = await makeAccount();
    const list = await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "Trial users" } });
    const a = await create(key, { email: "a@example.com" });
    await create(key, { email: "b@example.com" });
    await call(addMemberRoute, { method: "POST", path: "/", key, body: { contactId: a.json.id }, params: { id: list.json.id } });
    for (const filter of ["Trial users", list.json.id]) {
      const res = await call(listRoute, { path: `${path}?list=${encodeURIComponent(filter)}`, key });
      expect(res.json.data.map((c: { id: string }) => c.id)).toEqual([a.json.id]);
    }
    expect((await get(key, a.json.id)).json.lists).toEqual(["Trial users"]);
  });

  it("rejects bad input and duplicate emails", async () => {
    const { key } = await makeAccount();
    expect((await create(key, { email: "not-an-address" })).status).toBe(400);
    expect((await create(key, {})).status).toBe(400);
    const nested = await create(key, { email: "x@example.com", properties: { a: { b: 1 } } });
    expect(nested.status).toBe(400);
    expect(nested.json.error.details[0].path).toBe("properties.a");
    expect((await create(key, { email: "x@example.com", properties: { "bad name": "v" } })).status).toBe(400);
    expect((await create(key, { email: "x@example.com", subscribed: "yes" })).status).toBe(400);

    const first = await create(key, { email: "dup@example.com" });
    expect(first.status).toBe(201);
    const dup = await create(key, { email: "DUP@example.com" });
    expect(dup.status).toBe(409);
    expect(dup.json.error.code).toBe("conflict");
    const other = await create(key, { email: "other@example.com" });
    expect((await patch(key, other.json.id, { email: "dup@example.com" })).status).toBe(409);
    expect((await patch(key, other.json.id, {})).status).toBe(400);
    // Another account may use the same address.
    expect((await create((await makeAccount()).key, { email: "dup@example.com" })).status).toBe(201);
  });

  it("answers 404 for another account's contact", async () => {
    const owner = await makeAccount();
    const stranger = await makeAccount();
    const { json } = await create(owner.key, { email: "mine@example.com" });
    expect((await get(stranger.key, json.id)).status).toBe(404);
    expect((await patch(stranger.key, json.id, { name: "x" })).status).toBe(404);
    expect((await call(deleteRoute, { method: "DELETE", path: "/", key: stranger.key, params: { id: json.id } })).status).toBe(404);
    expect((await get(owner.key, json.id)).status).toBe(200);
  });
});
