import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { resetEnvCache } from "@/lib/config/env";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { createTemplate } from "@/lib/templates/create-template";
import { makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startApiServer, type ApiServer } from "../helpers/api-server";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { startWebhookReceiver } from "../helpers/webhook-receiver";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";

// The official `resend` SDK, unchanged, against Mailwright. The SDK makes real HTTP
// requests to RESEND_BASE_URL; the server is a node:http router over the real /api/v1 route
// handlers (tests/helpers/api-server.ts), as a Next build is too heavy for a test.

let server: ApiServer;
let dns: TestDnsServer;

beforeAll(async () => {
  server = await startApiServer();
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  // What a team coming from Resend changes: the base URL (read when the client is made).
  process.env.RESEND_BASE_URL = server.baseUrl;
  resetEnvCache();
});

afterAll(async () => {
  await server?.close();
  await dns?.close();
  delete process.env.DNS_SERVERS;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.RESEND_BASE_URL;
  resetEnvCache();
});

async function client() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, resend: new Resend(account.key), from: `Acme <hello@${domain.domain}>` };
}

const pendingJobs = (emailId: string) =>
  getDb().job.findMany({ where: { name: emailSendJob.id, status: "pending", payload: { path: ["emailId"], equals: emailId } } });

describe("resend SDK: emails", () => {
  it("emails.send with replyTo, tags, headers, attachments and an idempotencyKey; emails.get reads it back", async () => {
    const { resend, from } = await client();
    const payload = {
      from,
      to: ["ada@example.com"],
      subject: "Hello from the SDK",
      html: "<p>Hi</p>",
      replyTo: "support@example.com",
      tags: [{ name: "category", value: "welcome" }],
      headers: { "X-Entity-Ref-ID": "ref-123" },
      attachments: [{ filename: "hello.txt", content: Buffer.from("hello attachment") }],
    };
    const sent = await resend.emails.send(payload, { idempotencyKey: "sdk-key-1" });
    expect(sent.error).toBeNull();
    const id = sent.data!.id;
    expect(id).toMatch(/^em_/);
    const seen = server.requests.at(-1)!;
    expect(seen).toMatchObject({ method: "POST", path: "/api/v1/emails" });
    expect(seen.headers["idempotency-key"]).toBe("sdk-key-1");
    expect(seen.headers["user-agent"]).toMatch(/^resend-node:/);

    const again = await resend.emails.send(payload, { idempotencyKey: "sdk-key-1" });
    expect(again.data).toEqual({ id });
    expect(again.headers?.["idempotent-replayed"]).toBe("true");
    expect(await getDb().email.count({ where: { id } })).toBe(1);

    const got = await resend.emails.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      id,
      from,
      to: ["ada@example.com"],
      reply_to: ["support@example.com"],
      subject: "Hello from the SDK",
      tags: [{ name: "category", value: "welcome" }],
    });
    const row = await getDb().email.findUniqueOrThrow({ where: { id } });
    expect(row.headers).toEqual({ "X-Entity-Ref-ID": "ref-123" });
    const [attachment] = row.attachments as { filename: string; content: string }[];
    expect(attachment.filename).toBe("hello.txt");
    expect(Buffer.from(attachment.content, "base64").toString()).toBe("hello attachment");
  });

  it("emails.send with Resend's template {id, variables} sends a Mailwright template", async () => {
    const { resend, from, accountId } = await client();
    const template = await createTemplate({
      accountId,
      input: { name: "welcome", subject: "Hi {{name}}", htmlBody: "<p>Hello {{name}}</p>" },
    });
    const sent = await resend.emails.send({ from, to: "ada@example.com", template: { id: template.id, variables: { name: "Ada" } } });
    expect(sent.error).toBeNull();
    const row = await getDb().email.findUniqueOrThrow({ where: { id: sent.data!.id } });
    expect(row).toMatchObject({ templateId: template.id, variables: { name: "Ada" }, subject: "Hi {{name}}" });

    const missing = await resend.emails.send({ from, to: "ada@example.com", template: { id: "tpl_missing" } });
    expect(missing.error).toMatchObject({ statusCode: 400, message: "template_id: no such template" });
  });

  it("emails.send takes scheduledAt as ISO 8601 or as a phrase read on the service clock in UTC", async () => {
    const { resend, from } = await client();
    const send = (scheduledAt: string) => resend.emails.send({ from, to: "ada@example.com", subject: "Later", text: "x", scheduledAt });
    const scheduledAt = async (id: string) => (await resend.emails.get(id)).data!.scheduled_at;

    const iso = new Date(now().getTime() + 3 * 3600_000).toISOString();
    const a = await send(iso);
    expect(await scheduledAt(a.data!.id)).toBe(iso);

    const before = now().getTime();
    const b = await send("in 1 hour");
    const after = now().getTime();
    expect(b.error).toBeNull();
    const inOneHour = new Date((await scheduledAt(b.data!.id))!).getTime();
    expect(inOneHour).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(inOneHour).toBeLessThanOrEqual(after + 3600_000 + 1000);

    const tomorrow = new Date(now().getTime() + 86_400_000);
    const nineUtc = `${tomorrow.toISOString().slice(0, 10)}T09:00:00.000Z`;
    const c = await send("tomorrow at 9am");
    expect(await scheduledAt(c.data!.id)).toBe(nineUtc);
    const d = await send("tomorrow at 9am PST");
    expect(await scheduledAt(d.data!.id)).toBe(`${tomorrow.toISOString().slice(0, 10)}T17:00:00.000Z`);
    expect((await resend.emails.get(d.data!.id)).data!.last_event).toBe("email.scheduled");

    for (const bad of ["whenever suits you", "tomorrow at 9am or so", "2026-13-01", "2026-11-24"]) {
      const res = await send(bad);
      expect(res.data, bad).toBeNull();
      expect(res.error, bad).toMatchObject({ name: "validation_error", statusCode: 400 });
      expect(res.error!.message, bad).toMatch(/^scheduled_at: /);
    }
    const past = await send("yesterday at 9am");
    expect(past.error).toMatchObject({ statusCode: 400, message: "scheduled_at: must be in the future" });
  });

  it("batch.send sends all or nothing and returns the ids in order", async () => {
    const { resend, from } = await client();
    const ok = await resend.batch.send([
      { from, to: "one@example.com", subject: "1", text: "one" },
      { from, to: "two@example.com", subject: "2", html: "<p>two</p>", replyTo: "r@example.com" },
    ]);
    expect(ok.error).toBeNull();
    expect(ok.data!.data).toHaveLength(2);
    const rows = await getDb().email.findMany({ where: { id: { in: ok.data!.data.map((e) => e.id) } } });
    expect(rows.map((r) => r.subject).sort()).toEqual(["1", "2"]);

    const bad = await resend.batch.send([
      { from, to: "one@example.com", subject: "1", text: "one" },
      { from, to: "not an address", subject: "2", text: "two" },
    ]);
    expect(bad.error).toMatchObject({ name: "validation_error", statusCode: 400 });
    expect(bad.error!.message).toMatch(/index 1/);
  });

  it("emails.list lists the account's emails; a cursor is refused, not ignored", async () => {
    const { resend, from } = await client();
    const sent = await resend.emails.send({ from, to: "ada@example.com", subject: "Listed", text: "x" });
    const listed = await resend.emails.list();
    expect(listed.error).toBeNull();
    expect(listed.data!.data.map((e) => e.id)).toEqual([sent.data!.id]);
    const limited = await resend.emails.list({ limit: 1 });
    expect(limited.data!.data).toHaveLength(1);
    const cursor = await resend.emails.list({ limit: 10, after: sent.data!.id });
    expect(cursor.error).toMatchObject({ name: "validation_error", statusCode: 400 });
    expect(cursor.error!.message).toMatch(/^after: cursor pagination/);
  });

  it("emails.update reschedules a scheduled email and its delivery job; emails.cancel cancels it", async () => {
    const { resend, from, accountId } = await client();
    const sent = await resend.emails.send({ from, to: "ada@example.com", subject: "Later", text: "x", scheduledAt: "in 1 hour" });
    const id = sent.data!.id;
    const [firstJob] = await pendingJobs(id);

    const updated = await resend.emails.update({ id, scheduledAt: "in 3 hours" });
    expect(updated.error).toBeNull();
    const row = await getDb().email.findUniqueOrThrow({ where: { id } });
    expect(Math.abs(row.scheduledAt!.getTime() - (now().getTime() + 3 * 3600_000))).toBeLessThan(5000);
    expect(updated.data).toMatchObject({ id, status: "scheduled", scheduled_at: row.scheduledAt!.toISOString() });
    const jobs = await pendingJobs(id);
    expect(jobs.map((j) => j.runAt.toISOString())).toEqual([row.scheduledAt!.toISOString()]);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: firstJob.id } })).status).toBe("completed");

    const tooFar = await resend.emails.update({ id, scheduledAt: "in 40 days" });
    expect(tooFar.error).toMatchObject({ statusCode: 400, message: "scheduled_at: at most 30 days ahead" });

    const balance = (await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;
    const cancelled = await resend.emails.cancel(id);
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ id, status: "cancelled" });
    expect((await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance).toBe(balance + 1);
    const twice = await resend.emails.cancel(id);
    expect(twice.error).toMatchObject({ name: "conflict", statusCode: 409 });
    const late = await resend.emails.update({ id, scheduledAt: "in 2 hours" });
    expect(late.error).toMatchObject({
      name: "conflict",
      statusCode: 409,
      message: "only scheduled emails can be rescheduled; this one is cancelled",
    });
  });

  it("a rescheduled email is not sent at its old time by the job it superseded", async () => {
    const { resend, from } = await client();
    const sent = await resend.emails.send({ from, to: "ada@example.com", subject: "Later", text: "x", scheduledAt: "in 1 hour" });
    const id = sent.data!.id;
    await resend.emails.update({ id, scheduledAt: "in 2 hours" });
    // The delivery a claimed old job would run now, before the new time.
    const { deliverEmail } = await import("@/lib/emails/deliver-email");
    expect(await deliverEmail(id)).toEqual({ skipped: true });
    expect((await getDb().email.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
  });
});

describe("resend SDK: errors", () => {
  it("gives a readable error with name, message and statusCode, beside the documented error object", async () => {
    const { resend, key } = await client();
    const res = await resend.emails.send({ from: "someone@unverified.example", to: "ada@example.com", subject: "x", text: "x" });
    expect(res.data).toBeNull();
    expect(res.error).toMatchObject({ name: "domain_not_verified", statusCode: 403 });
    expect(res.error!.message).toMatch(/unverified\.example is not a verified domain/);
    expect((res.error as unknown as { error: { code: string } }).error.code).toBe("domain_not_verified");

    const missing = await resend.emails.get("em_doesnotexist");
    expect(missing.error).toMatchObject({ name: "not_found", statusCode: 404, message: "email not found" });

    const stranger = new Resend(`${key.slice(0, -4)}xxxx`);
    const unauthorized = await stranger.domains.list();
    expect(unauthorized.error).toMatchObject({ name: "unauthorized", statusCode: 401 });
  });
});

describe("resend SDK: domains", () => {
  it("domains.create({name}), get, list, verify and remove", async () => {
    const { resend } = await client();
    const name = `sdk-${Date.now().toString(36)}.example`;
    const created = await resend.domains.create({ name });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect(created.data).toMatchObject({ id, domain: name, status: "unverified" });
    expect((created.data as unknown as { records: unknown[] }).records.length).toBeGreaterThan(0);

    expect((await resend.domains.get(id)).data).toMatchObject({ id, domain: name });
    expect((await resend.domains.list()).data!.data.map((d) => d.id)).toContain(id);
    const verified = await resend.domains.verify(id);
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ domain: name, status: "unverified", dns: { spf: false, mx: false } });

    const duplicate = await resend.domains.create({ name });
    expect(duplicate.error).toMatchObject({ name: "conflict", statusCode: 409 });

    expect((await resend.domains.remove(id)).error).toBeNull();
    expect((await resend.domains.get(id)).error).toMatchObject({ statusCode: 404 });
  });
});

describe("resend SDK: API keys", () => {
  it("apiKeys.create returns token; permission maps to scopes; list and remove (DELETE /api-keys/:id)", async () => {
    const { resend, from } = await client();
    const created = await resend.apiKeys.create({ name: "sender", permission: "sending_access" });
    expect(created.error).toBeNull();
    const { id, token } = created.data!;
    expect(token).toMatch(/^mw_[A-Za-z0-9]{40}$/);
    expect(created.data).toMatchObject({ key: token, scopes: ["send:email"] });

    const sender = new Resend(token);
    expect((await sender.emails.send({ from, to: "ada@example.com", subject: "x", text: "x" })).error).toBeNull();
    expect((await sender.domains.list()).error).toMatchObject({ name: "forbidden", statusCode: 403 });

    const full = await resend.apiKeys.create({ name: "admin", permission: "full_access" });
    expect(full.data).toMatchObject({ scopes: ["full_access"] });
    const restricted = await resend.apiKeys.create({ name: "one domain", permission: "sending_access", domain_id: "dom_x" });
    expect(restricted.error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^domain_id: /) });

    expect((await resend.apiKeys.list()).data!.data.map((k) => k.id)).toEqual(expect.arrayContaining([id, full.data!.id]));
    expect((await resend.apiKeys.remove(id)).error).toBeNull();
    expect(server.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/api/v1/api-keys/${id}` });
    expect((await sender.emails.send({ from, to: "ada@example.com", subject: "x", text: "x" })).error).toMatchObject({ statusCode: 401 });
  });
});

describe("resend SDK: contacts", () => {
  it("contacts.create/get/update/list/remove, by id and by email, with Resend's field names", async () => {
    const { resend } = await client();
    const email = `ada-${Date.now().toString(36)}@example.com`;
    const created = await resend.contacts.create({ email, firstName: "Ada", lastName: "Lovelace", unsubscribed: true });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect(created.data).toMatchObject({ id, email, name: "Ada Lovelace", subscribed: false });

    expect((await resend.contacts.get(id)).data).toMatchObject({ id, name: "Ada Lovelace" });
    expect((await resend.contacts.get({ email })).data).toMatchObject({ id, email });

    const updated = await resend.contacts.update({
      email,
      firstName: "Augusta",
      lastName: "King",
      unsubscribed: false,
      properties: { plan: "pro" },
    });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ id, name: "Augusta King", subscribed: true, properties: { plan: "pro" } });
    expect((await resend.contacts.update({ id, firstName: "Ada" })).data).toMatchObject({ name: "Ada" });

    expect((await resend.contacts.list()).data!.data.map((c) => c.id)).toEqual([id]);
    expect((await resend.contacts.remove({ email })).error).toBeNull();
    expect((await resend.contacts.get(id)).error).toMatchObject({ name: "not_found", statusCode: 404 });

    const segments = await resend.contacts.create({ email: `b-${email}`, segments: [{ id: "seg_1" }] });
    expect(segments.error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^segments: /) });
  });
});

describe("resend SDK: webhooks", () => {
  it("webhooks.create({endpoint, events}) returns signing_secret; get, list, update (PATCH), remove", async () => {
    const { resend } = await client();
    const endpoint = "http://127.0.0.1:9/resend-hook";
    const created = await resend.webhooks.create({ endpoint, events: ["email.delivered", "email.complained"] });
    expect(created.error).toBeNull();
    const { id, signing_secret } = created.data!;
    expect(signing_secret).toMatch(/^whsec_/);
    expect(created.data).toMatchObject({ url: endpoint, secret: signing_secret, events: ["email.delivered", "email.complaint"] });
    // Resend's names for the types Mailwright added are its own.
    const resendNamed = await resend.webhooks.create({
      endpoint,
      events: [
        "email.sent",
        "email.delivery_delayed",
        "email.failed",
        "contact.created",
        "contact.updated",
        "contact.deleted",
        "domain.updated",
      ],
    });
    expect(resendNamed.data).toMatchObject({
      events: [
        "email.sent",
        "email.delivery_delayed",
        "email.failed",
        "contact.created",
        "contact.updated",
        "contact.deleted",
        "domain.updated",
      ],
    });
    expect((await resend.webhooks.remove(resendNamed.data!.id)).error).toBeNull();

    expect((await resend.webhooks.get(id)).data).toMatchObject({ id, url: endpoint });
    expect((await resend.webhooks.list()).data!.data.map((w) => w.id)).toEqual([id]);
    const updated = await resend.webhooks.update(id, { endpoint: "http://127.0.0.1:9/moved", events: ["email.bounced"] });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ url: "http://127.0.0.1:9/moved", events: ["email.bounced"] });

    // A type Resend has and Mailwright does not send.
    const unsupported = await resend.webhooks.create({ endpoint, events: ["email.scheduled"] });
    expect(unsupported.error).toMatchObject({ name: "validation_error", statusCode: 400 });

    expect((await resend.webhooks.remove(id)).error).toBeNull();
    expect((await resend.webhooks.get(id)).error).toMatchObject({ statusCode: 404 });
  });

  it("a delivery verifies with resend.webhooks.verify (Standard Webhooks headers)", async () => {
    const { resend, key } = await client();
    const receiver = await startWebhookReceiver();
    try {
      const created = await resend.webhooks.create({ endpoint: receiver.url("/sdk"), events: ["email.delivered"] });
      const test = await fetch(`${server.baseUrl}/webhooks/${created.data!.id}/test`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
      });
      expect(test.status).toBe(200);
      await runDueJobsOnce({ jobs: runnableJobs(deliverWebhookJob), schedules: false, limit: 50 });
      await receiver.waitForRequests(1);
      const [got] = receiver.requests;
      const header = (name: string) => String(got.headers[name]);
      const event = resend.webhooks.verify({
        payload: got.body,
        headers: { id: header("webhook-id"), timestamp: header("webhook-timestamp"), signature: header("webhook-signature") },
        webhookSecret: created.data!.signing_secret,
      });
      expect(event).toMatchObject({ type: "email.delivered" });
      expect(() =>
        resend.webhooks.verify({
          payload: got.body.replace("email.delivered", "email.bounced"),
          headers: { id: header("webhook-id"), timestamp: header("webhook-timestamp"), signature: header("webhook-signature") },
          webhookSecret: created.data!.signing_secret,
        }),
      ).toThrow();
    } finally {
      await receiver.close();
    }
  });
});
