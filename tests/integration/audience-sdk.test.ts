import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { makeAccount } from "../helpers/api";
import { startApiServer, type ApiServer } from "../helpers/api-server";

// The official `resend` SDK, unchanged, over HTTP against the real route handlers: topics,
// contact topics, contact properties, segments and contact segments.

let server: ApiServer;

beforeAll(async () => {
  server = await startApiServer();
  process.env.RESEND_BASE_URL = server.baseUrl;
  resetEnvCache();
});

afterAll(async () => {
  await server?.close();
  delete process.env.RESEND_BASE_URL;
  resetEnvCache();
});

async function client() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  return { ...account, resend: new Resend(account.key) };
}

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

describe("resend SDK: topics and contact topics", () => {
  it("topics.create/list/get/update/remove; contacts.create with topics; contacts.topics.list/update by id and email", async () => {
    const { resend } = await client();
    const news = await resend.topics.create({ name: "Product news", description: "Monthly", defaultSubscription: "opt_out" });
    expect(news.error).toBeNull();
    const newsId = news.data!.id;
    expect(newsId).toMatch(/^top_/);
    const tips = (await resend.topics.create({ name: "Tips", defaultSubscription: "opt_in" })).data!;

    expect((await resend.topics.get(newsId)).data).toMatchObject({ id: newsId, name: "Product news", default_subscription: "opt_out" });
    expect((await resend.topics.list()).data!.data.map((t) => t.name)).toEqual(["Product news", "Tips"]);
    expect((await resend.topics.update({ id: tips.id, name: "Weekly tips", description: "Short" })).error).toBeNull();
    expect((await resend.topics.get(tips.id)).data).toMatchObject({ name: "Weekly tips", description: "Short" });

    const email = address("ada");
    const created = await resend.contacts.create({ email, firstName: "Ada", topics: [{ id: newsId, subscription: "opt_in" }] });
    expect(created.error).toBeNull();
    const listed = await resend.contacts.topics.list({ email });
    expect(listed.error).toBeNull();
    expect(listed.data!.data).toEqual([
      { id: newsId, name: "Product news", description: "Monthly", subscription: "opt_in" },
      { id: tips.id, name: "Weekly tips", description: "Short", subscription: "opt_in" },
    ]);
    const updated = await resend.contacts.topics.update({ id: created.data!.id, topics: [{ id: tips.id, subscription: "opt_out" }] });
    expect(updated.error).toBeNull();
    expect(updated.data!.id).toBe(created.data!.id);
    expect(server.requests.at(-1)).toMatchObject({ method: "PATCH", path: `/api/v1/contacts/${created.data!.id}/topics` });
    expect((await resend.contacts.topics.list({ id: created.data!.id })).data!.data.map((t) => t.subscription)).toEqual([
      "opt_in",
      "opt_out",
    ]);

    const unknown = await resend.contacts.topics.update({ email, topics: [{ id: "top_nope", subscription: "opt_in" }] });
    expect(unknown.error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^topics: no topic top_nope/) });

    expect((await resend.topics.remove(newsId)).data).toEqual({ object: "topic", id: newsId, deleted: true });
    expect((await resend.topics.get(newsId)).error).toMatchObject({ name: "not_found", statusCode: 404 });
  });
});

describe("resend SDK: contact properties", () => {
  it("contactProperties.create/list/get/update/remove; a value of the wrong type is a 400 naming the property", async () => {
    const { resend } = await client();
    const seats = await resend.contactProperties.create({ key: "seats", type: "number", fallbackValue: 1 });
    expect(seats.error).toBeNull();
    const id = seats.data!.id;
    expect((await resend.contactProperties.create({ key: "plan", type: "string", fallbackValue: "free" })).error).toBeNull();
    const got = await resend.contactProperties.get(id);
    expect(got.data).toMatchObject({ object: "contact_property", id, key: "seats", type: "number", fallbackValue: 1 });
    const listed = await resend.contactProperties.list();
    expect(listed.data!.data.map((p) => [p.key, p.type, p.fallbackValue])).toEqual([
      ["plan", "string", "free"],
      ["seats", "number", 1],
    ]);
    expect((await resend.contactProperties.update({ id, fallbackValue: 2 })).error).toBeNull();
    expect((await resend.contactProperties.get(id)).data!.fallbackValue).toBe(2);
    const wrongFallback = await resend.contactProperties.update({ id, fallbackValue: "two" });
    expect(wrongFallback.error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^fallback_value: /) });

    const email = address("typed");
    expect((await resend.contacts.create({ email, properties: { seats: 3, plan: "pro" } })).error).toBeNull();
    const wrong = await resend.contacts.update({ email, properties: { seats: "many" } });
    expect(wrong.error).toMatchObject({ statusCode: 400, message: "properties.seats: must be a number" });
    const wrongCreate = await resend.contacts.create({ email: address("x"), properties: { plan: 5 } });
    expect(wrongCreate.error).toMatchObject({ statusCode: 400, message: "properties.plan: must be a string" });

    expect((await resend.contactProperties.remove(id)).data).toEqual({ object: "contact_property", id, deleted: true });
    // Undeclared, the key is free-form again.
    expect((await resend.contacts.update({ email, properties: { seats: "many" } })).error).toBeNull();
  });
});

describe("resend SDK: segments and contact segments", () => {
  it("segments.create/list/get/update/remove are lists; contacts.segments.add/list/remove; contacts.list({segmentId})", async () => {
    const { resend, accountId } = await client();
    const created = await resend.segments.create({ name: "Beta" });
    expect(created.error).toBeNull();
    const segmentId = created.data!.id;
    expect(created.data).toMatchObject({ object: "segment", name: "Beta" });
    expect(await getDb().contactList.findFirst({ where: { id: segmentId, accountId } })).toMatchObject({ name: "Beta" });
    const wrong = await resend.post("/segments", { name: "Pro", filter: { field: "plan", op: "eq", value: "pro" } });
    expect(wrong.error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^filter: /) });

    const email = address("seg");
    const contact = (await resend.contacts.create({ email })).data!;
    const added = await resend.contacts.segments.add({ email, segmentId });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ id: segmentId });
    const of = await resend.contacts.segments.list({ contactId: contact.id });
    expect(of.data).toMatchObject({ object: "list", has_more: false, data: [{ id: segmentId, name: "Beta" }] });
    expect((await resend.segments.get(segmentId)).data).toMatchObject({ id: segmentId, name: "Beta", count: 1 });
    const members = await resend.contacts.list({ segmentId });
    expect(members.data!.data.map((c) => c.id)).toEqual([contact.id]);

    expect((await resend.segments.update(segmentId, { name: "Beta testers" })).error).toBeNull();
    expect((await resend.segments.list()).data!.data.map((s) => s.name)).toEqual(["Beta testers"]);
    const removed = await resend.contacts.segments.remove({ contactId: contact.id, segmentId });
    expect(removed.data).toMatchObject({ id: segmentId, deleted: true });
    expect((await resend.contacts.segments.list({ email })).data!.data).toEqual([]);
    expect((await resend.segments.remove(segmentId)).data).toEqual({ object: "segment", id: segmentId, deleted: true });
  });
});

describe("resend SDK: filtered segments", () => {
  it("segments.create with a filter; segments.get counts who matches now; contacts.list({segmentId}) pages them; contacts.segments.add is refused", async () => {
    const { resend } = await client();
    expect((await resend.contactProperties.create({ key: "seats", type: "number", fallbackValue: 0 })).error).toBeNull();
    const big = (await resend.contacts.create({ email: address("big"), properties: { seats: 50 } })).data!;
    await resend.contacts.create({ email: address("small"), properties: { seats: 5 } });
    const filter = { type: "rule", field: "seats", operator: "gte", value: 10 };
    const created = await resend.segments.create({ name: "Big teams", filter } as Parameters<typeof resend.segments.create>[0]);
    expect(created.error).toBeNull();
    const segmentId = created.data!.id;
    expect((await resend.segments.get(segmentId)).data).toMatchObject({ id: segmentId, name: "Big teams", filter, count: 1 });
    expect((await resend.contacts.list({ segmentId })).data!.data.map((c) => c.id)).toEqual([big.id]);
    const bigger = await resend.contacts.create({ email: address("bigger"), properties: { seats: 80 } });
    expect((await resend.segments.get(segmentId)).data).toMatchObject({ count: 2 });
    const listed = (await resend.segments.list()).data!.data;
    expect(listed).toEqual([expect.objectContaining({ id: segmentId, filter, count: 2 })]);

    const add = await resend.contacts.segments.add({ contactId: bigger.data!.id, segmentId });
    expect(add.error).toMatchObject({ statusCode: 409, message: expect.stringMatching(/is a filtered segment/) });
    const bad = await resend.segments.create({
      name: "Bad",
      filter: { type: "rule", field: "seats", operator: "gt", value: "lots" },
    } as Parameters<typeof resend.segments.create>[0]);
    expect(bad.error).toMatchObject({ statusCode: 400, message: "filter.value: must be a number" });
    expect((await resend.segments.remove(segmentId)).data).toEqual({ object: "segment", id: segmentId, deleted: true });
  });
});
