import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { POST as recordEventRoute } from "@/app/api/v1/events/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";
import { startApiServer, type ApiServer } from "../helpers/api-server";

// The official `resend` SDK's event calls, unchanged, over HTTP: events.create/get/list/update/
// remove at its base URL /api/v1/resend (POST /api/v1/events stays Mailwright's recording of an
// event), and events.send, checked against the schema its event declares.

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

async function client() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  return { ...account, resend: new Resend(account.key, { baseUrl: `${server.baseUrl}/resend` }) };
}

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

describe("resend SDK: events", () => {
  it("create, get by id and by name, list, update and remove a declared event", async () => {
    const { resend } = await client();
    const created = await resend.events.create({ name: "plan_upgraded", schema: { plan: "string", seats: "number" } });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: "event", id: expect.stringMatching(/^edf_/) });
    const id = created.data!.id;

    const byId = await resend.events.get(id);
    expect(byId.error).toBeNull();
    expect(byId.data).toEqual({
      object: "event",
      id,
      name: "plan_upgraded",
      schema: { plan: "string", seats: "number" },
      created_at: expect.any(String),
      updated_at: null,
    });
    expect((await resend.events.get("plan_upgraded")).data?.id).toBe(id);

    await resend.events.create({ name: "trial_started" });
    const listed = await resend.events.list();
    expect(listed.error).toBeNull();
    expect(listed.data!.data.map((e) => e.name)).toEqual(["trial_started", "plan_upgraded"]);
    expect(listed.data!.has_more).toBe(false);
    expect((await resend.events.list({ limit: 1 })).data).toMatchObject({ has_more: true, data: [{ name: "trial_started" }] });

    const updated = await resend.events.update("plan_upgraded", { schema: { plan: "string", renews_at: "date" } });
    expect(updated.data).toEqual({ object: "event", id });
    const after = await resend.events.get(id);
    expect(after.data!.schema).toEqual({ plan: "string", renews_at: "date" });
    expect(after.data!.updated_at).not.toBeNull();

    expect((await resend.events.remove(id)).data).toEqual({ object: "event", id, deleted: true });
    const gone = await resend.events.get(id);
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ statusCode: 404 });
  });

  it("answers 409 for a name declared twice and 400 naming a bad schema type; another account sees nothing", async () => {
    const { resend } = await client();
    const { data } = await resend.events.create({ name: "signed_up" });
    const again = await resend.events.create({ name: "signed_up" });
    expect(again.error).toMatchObject({ statusCode: 409 });
    const bad = await resend.events.create({ name: "paid", schema: { amount: "money" as "number" } });
    expect(bad.error).toMatchObject({ statusCode: 400 });
    expect(bad.error!.message).toContain("schema");

    const other = await client();
    expect((await other.resend.events.get(data!.id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.events.get("signed_up")).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.events.remove(data!.id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.events.list()).data!.data).toEqual([]);
  });

  it("events.send and POST /events check the payload against the declared schema; nothing is recorded when refused", async () => {
    const { resend, key, accountId } = await client();
    await resend.events.create({ name: "plan_upgraded", schema: { plan: "string", seats: "number", renews_at: "date" } });
    const email = address("ada");

    const refused = await resend.events.send({ event: "plan_upgraded", email, payload: { plan: "pro", seats: "three" } });
    expect(refused.error).toMatchObject({ statusCode: 400 });
    expect(refused.error!.message).toContain("payload.seats");
    const refusedOwn = await call(recordEventRoute, {
      method: "POST",
      path: "/api/v1/events",
      key,
      body: { email, name: "plan_upgraded", properties: { renews_at: "soon" } },
    });
    expect(refusedOwn.status).toBe(400);
    expect(refusedOwn.json).toMatchObject({ error: { details: [{ path: "properties.renews_at" }] } });
    expect(await getDb().contactEvent.count({ where: { accountId } })).toBe(0);
    expect(await getDb().contact.count({ where: { accountId, email } })).toBe(0);

    const sent = await resend.events.send({
      event: "plan_upgraded",
      email,
      payload: { plan: "pro", seats: 3, renews_at: "2027-01-01", note: "extra" },
    });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ object: "event", event: "plan_upgraded" });
    // A name never declared is recorded unchecked, as before.
    expect((await resend.events.send({ event: "logged_in", email, payload: { seats: "any" } })).error).toBeNull();
    expect(await getDb().contactEvent.count({ where: { accountId } })).toBe(2);

    // A schema set back to null checks nothing.
    await resend.events.update("plan_upgraded", { schema: null });
    expect((await resend.events.send({ event: "plan_upgraded", email, payload: { seats: "three" } })).error).toBeNull();
  });
});
