import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/lists/route";
import { DELETE as deleteRoute, GET as getRoute } from "@/app/api/v1/lists/[id]/route";
import { POST as addRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { DELETE as removeRoute } from "@/app/api/v1/lists/[id]/contacts/[contactId]/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { GET as getContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { call, makeAccount } from "../helpers/api";

const path = "/api/v1/lists";
const create = (key: string, name: unknown) => call(createRoute, { method: "POST", path, key, body: { name } });
const get = (key: string, id: string) => call(getRoute, { path: `${path}/${id}`, key, params: { id } });
const add = (key: string, id: string, body: unknown) =>
  call(addRoute, { method: "POST", path: `${path}/${id}/contacts`, key, body, params: { id } });
const remove = (key: string, id: string, contactId: string) =>
  call(removeRoute, { method: "DELETE", path: "/", key, params: { id, contactId } });

describe("lists", () => {
  it("creates, lists, searches, reads and deletes lists", async () => {
    const { key } = await makeAccount();
    const trial = await create(key, "Trial users");
    expect(trial.status).toBe(201);
    expect(trial.json).toMatchObject({ name: "Trial users", contactCount: 0 });
    expect(trial.json.id).toMatch(/^lst_/);
    const news = await create(key, "Newsletter");
    const all = await call(listRoute, { path, key });
    expect(all.json.data.map((l: { id: string }) => l.id)).toEqual([news.json.id, trial.json.id]);
    expect(all.json.pagination.total).toBe(2);
    const searched = await call(listRoute, { path: `${path}?search=TRIAL`, key });
    expect(searched.json.data.map((l: { id: string }) => l.id)).toEqual([trial.json.id]);
    expect((await get(key, trial.json.id)).json).toEqual(trial.json);

    const dup = await create(key, "Trial users");
    expect(dup.status).toBe(409);
    expect((await create(key, "  ")).status).toBe(400);
    expect((await create(key, 5)).status).toBe(400);

    expect((await call(deleteRoute, { method: "DELETE", path: "/", key, params: { id: news.json.id } })).status).toBe(200);
    expect((await get(key, news.json.id)).status).toBe(404);
  });

  it("adds contacts by id or by address, idempotently, and removes them", async () => {
    const { key } = await makeAccount();
    const list = (await create(key, "Customers")).json;
    const existing = await call(createContactRoute, { method: "POST", path: "/api/v1/contacts", key, body: { email: "ann@example.com" } });

    const byId = await add(key, list.id, { contactId: existing.json.id });
    expect(byId.status).toBe(201);
    expect(byId.json).toMatchObject({ added: true, contact: { id: existing.json.id, lists: ["Customers"] } });
    const again = await add(key, list.id, { contactId: existing.json.id });
    expect(again.status).toBe(200);
    expect(again.json.added).toBe(false);

    const byEmail = await add(key, list.id, { email: "New@Example.com", name: "New", properties: { plan: "free" } });
    expect(byEmail.status).toBe(201);
    expect(byEmail.json.contact).toMatchObject({
      email: "new@example.com",
      name: "New",
      properties: { plan: "free" },
      lists: ["Customers"],
    });
    // An address that is already a contact joins as that contact.
    const existingByEmail = await add(key, list.id, { email: "ann@example.com" });
    expect(existingByEmail.status).toBe(200);
    expect(existingByEmail.json.contact.id).toBe(existing.json.id);

    expect((await get(key, list.id)).json.contactCount).toBe(2);
    expect((await remove(key, list.id, existing.json.id)).status).toBe(200);
    expect((await remove(key, list.id, existing.json.id)).status).toBe(404);
    expect((await get(key, list.id)).json.contactCount).toBe(1);
    const contact = await call(getContactRoute, { path: "/", key, params: { id: existing.json.id } });
    expect(contact.json.lists).toEqual([]);

    expect((await add(key, list.id, {})).status).toBe(400);
    expect((await add(key, list.id, { contactId: "con_missing" })).status).toBe(404);
    expect((await add(key, list.id, { email: "bad" })).status).toBe(400);
  });

  it("answers 404 for another account's list or contact", async () => {
    const owner = await makeAccount();
    const stranger = await makeAccount();
    const list = (await create(owner.key, "Mine")).json;
    const contact = (await add(owner.key, list.id, { email: "c@example.com" })).json.contact;
    const theirList = (await create(stranger.key, "Theirs")).json;
    expect((await get(stranger.key, list.id)).status).toBe(404);
    expect((await add(stranger.key, list.id, { email: "d@example.com" })).status).toBe(404);
    expect((await add(stranger.key, theirList.id, { contactId: contact.id })).status).toBe(404);
    expect((await remove(stranger.key, list.id, contact.id)).status).toBe(404);
    expect((await call(deleteRoute, { method: "DELETE", path: "/", key: stranger.key, params: { id: list.id } })).status).toBe(404);
    expect((await get(owner.key, list.id)).json.contactCount).toBe(1);
  });
});
