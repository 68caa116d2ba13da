import { createHmac } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/webhooks/route";
import { GET as getRoute, PUT as updateRoute, DELETE as deleteRoute } from "@/app/api/v1/webhooks/[id]/route";
import { GET as deliveriesRoute } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as testRoute } from "@/app/api/v1/webhooks/[id]/test/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { now, setClock, syncClock } from "@/lib/clock/clock";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJob, runnableJobs } from "@/lib/jobs/handlers";
import { createJobFunction } from "@/lib/jobs/inngest-functions";
import { jobEventName } from "@/lib/jobs/inngest-client";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { deliverWebhookJob, deliverWebhookJobKey } from "@/lib/webhooks/deliver-webhook-job";
import { deliverWebhookMessage } from "@/lib/webhooks/deliver-webhook-message";
import { PRIVATE_ADDRESSES_HINT } from "@/lib/webhooks/address-policy";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/schemas";
import { randomBase62 } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from "../helpers/webhook-receiver";

// The list itself is pinned in webhooks-events.test.ts.
const ALL_TYPES = [...WEBHOOK_EVENT_TYPES];

let receiver: WebhookReceiver;
// Per path: how the receiver answers (default 200 "ok").
const replies = new Map<
  string,
  (req: ReceivedRequest, n: number) => { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number }
>();

beforeAll(async () => {
  receiver = await startWebhookReceiver((req, n) => replies.get(req.path)?.(req, n) ?? {});
  process.env.ENABLE_TEST_CLOCK = "1";
  process.env.WEBHOOK_TIMEOUT_MS = "500";
  resetEnvCache();
  await syncClock();
});

beforeEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.ENABLE_TEST_CLOCK;
  delete process.env.WEBHOOK_TIMEOUT_MS;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

const freshPath = () => `/hook-${randomBase62(8)}`;

async function sender() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `Acme <hello@${domain.domain}>` };
}

const createWebhook = (key: string, body: unknown) => call(createRoute, { method: "POST", path: "/api/v1/webhooks", key, body });
const getWebhook = (key: string, id: string) => call(getRoute, { path: `/api/v1/webhooks/${id}`, key, params: { id } });
const updateWebhook = (key: string, id: string, body: unknown) =>
  call(updateRoute, { method: "PUT", path: `/api/v1/webhooks/${id}`, key, body, params: { id } });
const deliveries = (key: string, id: string, query = "") =>
  call(deliveriesRoute, { path: `/api/v1/webhooks/${id}/deliveries${query}`, key, params: { id } });

async function hookedSender(events?: string[]) {
  const s = await sender();
  const path = freshPath();
  const res = await createWebhook(s.key, { url: receiver.url(path), ...(events ? { events } : {}) });
  expect(res.status).toBe(201);
  return { ...s, path, webhook: res.json as { id: string; secret: string; url: string } };
}

async function sendEmail(key: string, body: Record<string, unknown>) {
  const res = await call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

const deliverEmails = () => runDueJobsOnce({ jobs: runnableJobs(emailSendJob), schedules: false, limit: 50 });
const runWebhooks = () => runDueJobsOnce({ jobs: runnableJobs(deliverWebhookJob), schedules: false, limit: 50 });

function hmacHex(secret: string, raw: Buffer) {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(raw).digest("hex");
}

describe("webhooks API", () => {
  it("creates, lists, reads, updates and deletes webhooks, with the secret only in create and get", async () => {
    const s = await sender();
    const created = await createWebhook(s.key, { url: "https://hooks.example.com/mw" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ url: "https://hooks.example.com/mw", events: ALL_TYPES, status: "active" });
    expect(created.json.id).toMatch(/^wh_/);
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.json.createdAt).toMatch(/Z$/);

    const second = await createWebhook(s.key, {
      url: "http://hooks.example.com/b",
      events: ["email.clicked", "email.bounced", "email.clicked"],
    });
    expect(second.json.events).toEqual(["email.clicked", "email.bounced"]);

    const list = await call(listRoute, { path: "/api/v1/webhooks?limit=1", key: s.key });
    expect(list.status).toBe(200);
    expect(list.json.pagination).toEqual({ limit: 1, offset: 0, total: 2, hasMore: true });
    expect(list.json.data[0].id).toBe(second.json.id);
    expect(list.json.data[0]).not.toHaveProperty("secret");

    const got = await getWebhook(s.key, created.json.id);
    expect(got.status).toBe(200);
    expect(got.json.secret).toBe(created.json.secret);

    const updated = await updateWebhook(s.key, created.json.id, { events: ["email.opened"], url: "https://hooks.example.com/v2" });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ events: ["email.opened"], url: "https://hooks.example.com/v2", status: "active" });
    expect(updated.json).not.toHaveProperty("secret");
    const unchanged = await updateWebhook(s.key, created.json.id, { status: "active" });
    expect(unchanged.status).toBe(200);

    const removed = await call(deleteRoute, { method: "DELETE", path: "/", key: s.key, params: { id: created.json.id } });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: created.json.id, deleted: true });
    expect((await getWebhook(s.key, created.json.id)).status).toBe(404);
  });

  it("validates bodies: event types, URL schemes, credentials, status", async () => {
    const s = await sender();
    const bad: [unknown, string][] = [
      // The timeline's name for a delayed delivery; webhooks call it email.delivery_delayed.
      [{ url: "https://x.example.com", events: ["email.deferred"] }, "events.0"],
      [{ url: "https://x.example.com", events: [] }, "events"],
      [{ url: "ftp://x.example.com/" }, "url"],
      [{ url: "javascript:alert(1)" }, "url"],
      [{ url: "https://user:secret@x.example.com/" }, "url"],
      [{ url: "/relative" }, "url"],
      [{ events: ["email.opened"] }, "url"],
    ];
    for (const [body, path] of bad) {
      const res = await createWebhook(s.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.details[0].path).toBe(path);
    }
    const created = await createWebhook(s.key, { url: "https://x.example.com/" });
    const id = created.json.id;
    expect((await updateWebhook(s.key, id, {})).status).toBe(400);
    const setFailed = await updateWebhook(s.key, id, { status: "failed" });
    expect(setFailed.status).toBe(400);
    expect(setFailed.json.error.message).toContain("status");
    expect((await updateWebhook(s.key, id, { events: ["email.nope"] })).status).toBe(400);
    expect((await call(listRoute, { path: "/api/v1/webhooks?limit=0", key: s.key })).status).toBe(400);
    expect((await deliveries(s.key, id, "?offset=-1")).status).toBe(400);
  });

  it("hides another account's webhooks (404)", async () => {
    const owner = await sender();
    const other = await sender();
    const created = await createWebhook(owner.key, { url: "https://x.example.com/" });
    const id = created.json.id;
    expect((await getWebhook(other.key, id)).status).toBe(404);
    expect((await updateWebhook(other.key, id, { events: ["email.opened"] })).status).toBe(404);
    expect((await deliveries(other.key, id)).status).toBe(404);
    expect((await call(deleteRoute, { method: "DELETE", path: "/", key: other.key, params: { id } })).status).toBe(404);
    const list = await call(listRoute, { path: "/api/v1/webhooks", key: other.key });
    expect(list.json.data).toEqual([]);
    expect((await getWebhook(owner.key, id)).status).toBe(200);
  });
});

describe("webhook deliveries", () => {
  it("delivers an event signed with X-Service-Signature and Standard Webhooks headers", async () => {
    const s = await hookedSender(["email.delivered"]);
    const bouncesOnly = freshPath();
    await createWebhook(s.key, { url: receiver.url(bouncesOnly), events: ["email.bounced"] });
    const emailId = await sendEmail(s.key, {
      from: s.from,
      to: "delivered@simulator.test",
      subject: "Hello",
      text: "hi",
      tags: [{ name: "campaign", value: "welcome" }],
    });
    await deliverEmails();
    await runWebhooks();

    const got = receiver.to(s.path);
    expect(got).toHaveLength(1);
    const req = got[0];
    expect(req.method).toBe("POST");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["user-agent"]).toBe("Mailwright-Webhooks/1");
    // The spec's signature: hex HMAC-SHA256 of the exact raw body, keyed with the whole secret.
    expect(req.headers["x-service-signature"]).toBe(`sha256=${hmacHex(s.webhook.secret, req.raw)}`);
    const payload = req.json as { id: string; type: string; created_at: string; data: Record<string, unknown> };
    expect(payload).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "email.delivered",
      created_at: expect.stringMatching(/Z$/),
      data: {
        email_id: emailId,
        from: s.from,
        to: "delivered@simulator.test",
        subject: "Hello",
        tags: [{ name: "campaign", value: "welcome" }],
      },
    });
    // Standard Webhooks: id is the event id; the signature checks out with the official library.
    expect(req.headers["webhook-id"]).toBe(payload.id);
    const timestamp = Number(req.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - now().getTime() / 1000)).toBeLessThan(60);
    const expected = new StandardWebhook(s.webhook.secret).sign(payload.id, new Date(timestamp * 1000), req.body);
    expect(req.headers["webhook-signature"]).toBe(expected);

    // Nothing for the webhook that only wants bounces, nor for email.sent / email.queued.
    expect(receiver.to(bouncesOnly)).toHaveLength(0);

    const log = await deliveries(s.key, s.webhook.id);
    expect(log.json.data).toEqual([
      {
        id: expect.stringMatching(/^dlv_/),
        messageId: expect.stringMatching(/^msg_/),
        eventId: payload.id,
        eventType: "email.delivered",
        attempt: 1,
        statusCode: 200,
        durationMs: expect.any(Number),
        error: null,
        responseBody: "ok",
        request: { method: "POST", url: receiver.url(s.path), headers: expect.any(Object), body: req.body },
        response: { statusCode: 200, headers: expect.objectContaining({ "content-type": "text/plain" }), body: "ok", bodyTruncated: false },
        createdAt: expect.stringMatching(/Z$/),
        nextRetryAt: null,
      },
    ]);
    const message = await getDb().webhookMessage.findFirstOrThrow({ where: { webhookId: s.webhook.id } });
    expect(message).toMatchObject({ status: "succeeded", attempts: 1, nextAttemptAt: null });

    // A second run of the finished attempt sends nothing.
    expect(await deliverWebhookMessage({ messageId: message.id, attempt: 1 })).toMatchObject({ status: "skipped" });
    expect(receiver.to(s.path)).toHaveLength(1);
  });

  it("carries link, user agent and address for clicks and opens, and the bounce for bounces, in event order", async () => {
    const s = await hookedSender();
    const emailId = await sendEmail(s.key, {
      from: s.from,
      to: ["delivered@simulator.test", "bounced@simulator.test", "complained@simulator.test"],
      subject: "Links",
      html: '<p>Read <a href="https://example.com/article?x=1">this</a></p>',
    });
    await deliverEmails();
    const delivered = await getDb().emailRecipient.findFirstOrThrow({ where: { emailId, email: "delivered@simulator.test" } });
    const click = await getDb().trackingToken.findFirstOrThrow({ where: { recipientId: delivered.id, kind: "click" } });
    const open = await getDb().trackingToken.findFirstOrThrow({ where: { recipientId: delivered.id, kind: "open" } });
    const hit = { "user-agent": "Mail/1.0", "x-forwarded-for": "198.51.100.7" };
    expect(
      (
        await clickRoute(new Request(`http://mw.test/t/c/${click.token}`, { headers: hit }), {
          params: Promise.resolve({ token: click.token }),
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await openRoute(new Request(`http://mw.test/t/o/${open.token}`, { headers: hit }), {
          params: Promise.resolve({ token: open.token }),
        })
      ).status,
    ).toBe(200);
    await runWebhooks();

    const got = receiver.to(s.path).map((r) => r.json as { id: string; type: string; data: Record<string, unknown> });
    const byType = (type: string) => got.filter((p) => p.type === type);
    expect(got.map((p) => p.type).sort()).toEqual([
      "email.bounced",
      "email.clicked",
      "email.complaint",
      "email.delivered",
      "email.delivered",
      "email.opened",
      "email.sent",
      "email.sent",
      "email.sent",
    ]);
    expect(byType("email.clicked")[0].data).toMatchObject({
      email_id: emailId,
      to: "delivered@simulator.test",
      link: "https://example.com/article?x=1",
      user_agent: "Mail/1.0",
      ip_address: "198.51.100.7",
    });
    expect(byType("email.opened")[0].data).toMatchObject({ user_agent: "Mail/1.0", ip_address: "198.51.100.7" });
    expect(byType("email.opened")[0].data).not.toHaveProperty("link");
    expect(byType("email.bounced")[0].data).toMatchObject({
      to: "bounced@simulator.test",
      bounce: { type: "hard", code: 550, message: expect.stringContaining("550") },
    });
    expect(byType("email.complaint")[0].data).toMatchObject({ to: "complained@simulator.test", subject: "Links" });

    // Sent in the order the events happened.
    const events = await getDb().emailEvent.findMany({
      where: { emailId, type: { in: ALL_TYPES } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(got.map((p) => p.id)).toEqual(events.map((e) => e.id));
  });

  it("sends nothing for test emails or for types a webhook does not subscribe to", async () => {
    const s = await hookedSender(["email.bounced"]);
    // Delivered: a type this webhook does not want.
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "s", text: "x" });
    // A bounce, but of a test-run email.
    const testRun = await sendEmail(s.key, { from: s.from, to: "bounced@simulator.test", subject: "s", text: "x" });
    await getDb().email.update({ where: { id: testRun }, data: { isTest: true } });
    await deliverEmails();
    await runWebhooks();
    expect(receiver.to(s.path)).toHaveLength(0);
    expect(await getDb().webhookMessage.count({ where: { webhookId: s.webhook.id } })).toBe(0);

    // A bounce of a real email goes out (another address: the first one is suppressed now).
    const real = await sendEmail(s.key, { from: s.from, to: "bounced@again.simulator.test", subject: "s", text: "x" });
    await deliverEmails();
    await runWebhooks();
    expect(receiver.to(s.path).map((r) => (r.json as { type: string; data: { email_id: string } }).data.email_id)).toEqual([real]);
  });

  it("retries after 1 min, 5 min, 30 min, 2 h and 8 h, then fails the webhook for good", async () => {
    const startedAt = Date.now();
    const s = await hookedSender(["email.delivered"]);
    replies.set(s.path, () => ({ status: 500, body: "receiver broken" }));
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "Retry me", text: "x" });
    await deliverEmails();
    await runWebhooks();
    expect(receiver.to(s.path)).toHaveLength(1);

    const delays = [1, 5, 30, 120, 480];
    let laterEmail: string | undefined;
    for (const [i, minutes] of delays.entries()) {
      const log = await deliveries(s.key, s.webhook.id);
      const last = log.json.data[0];
      expect(last).toMatchObject({ attempt: i + 1, statusCode: 500, error: "HTTP 500", responseBody: "receiver broken" });
      expect(new Date(last.nextRetryAt).getTime() - new Date(last.createdAt).getTime()).toBe(minutes * 60_000);

      // Not before it is due...
      await setClock({ advanceMinutes: minutes * 0.9 });
      await runWebhooks();
      expect(receiver.to(s.path)).toHaveLength(i + 1);
      if (i === 4) {
        // A second event arrives shortly before the first one's last retry: it fails once and is
        // still pending (its retry is due in 1 min) when that last retry fails.
        laterEmail = await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "Later", text: "x" });
        await deliverEmails();
        await runWebhooks();
        expect(receiver.to(s.path)).toHaveLength(6);
      }
      // ...and as soon as it is.
      await setClock({ advanceMinutes: minutes * 0.1 + 0.01 });
      await runWebhooks();
      expect(receiver.to(s.path)).toHaveLength(i === 4 ? 7 : i + 2);
    }

    // Six attempts of the first event: the same event id and the same bytes every time.
    const first = receiver.to(s.path).filter((r) => (r.json as { data: { subject: string } }).data.subject === "Retry me");
    expect(first).toHaveLength(6);
    expect(new Set(first.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(first.map((r) => r.body)).size).toBe(1);
    expect(new Set(first.map((r) => r.headers["x-service-signature"])).size).toBe(1);
    // Each attempt is signed at the wall-clock time it is made (a receiver checks the timestamp
    // against its own clock), however far the test clock has moved the retries.
    const stamps = first.map((r) => Number(r.headers["webhook-timestamp"]));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(stamps[0]).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000));
    expect(stamps[5]).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    const webhook = await getWebhook(s.key, s.webhook.id);
    expect(webhook.json.status).toBe("failed");
    expect(webhook.json.failedAt).toMatch(/Z$/);
    const log = await deliveries(s.key, s.webhook.id, "?limit=100");
    const firstLog = log.json.data.filter((d: { eventId: string }) => d.eventId === first[0].headers["webhook-id"]);
    expect(firstLog.map((d: { attempt: number }) => d.attempt)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(firstLog[0].nextRetryAt).toBeNull();

    // The later event's message failed with its webhook, after one attempt.
    const later = await getDb().webhookMessage.findFirstOrThrow({
      where: { webhookId: s.webhook.id, eventType: "email.delivered", NOT: { eventId: first[0].headers["webhook-id"] as string } },
    });
    expect(later).toMatchObject({ status: "failed", attempts: 1 });
    expect(laterEmail).toBeDefined();

    // Nothing more reaches a failed webhook, even once its receiver recovers.
    replies.delete(s.path);
    await setClock({ advanceMinutes: 10 });
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "After", text: "x" });
    await deliverEmails();
    await runWebhooks();
    expect(receiver.to(s.path)).toHaveLength(7);

    // PUT cannot bring it back.
    const reactivate = await updateWebhook(s.key, s.webhook.id, { status: "active" });
    expect(reactivate.status).toBe(400);
    expect(reactivate.json.error.message).toContain("must be recreated");
    expect((await getWebhook(s.key, s.webhook.id)).json.status).toBe("failed");
  });

  it("stops retrying once the receiver recovers after the 2nd retry", async () => {
    const s = await hookedSender(["email.delivered"]);
    // Attempts 1-3 (the first try and two retries) fail; the 3rd retry succeeds.
    // The receiver's `n` counts every path; count this webhook's own requests instead.
    replies.set(s.path, () => (receiver.to(s.path).length <= 3 ? { status: 503 } : { status: 204 }));
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "Recovers", text: "x" });
    await deliverEmails();
    await runWebhooks();
    for (const minutes of [1, 5, 30]) {
      await setClock({ advanceMinutes: minutes + 0.01 });
      await runWebhooks();
    }
    expect(receiver.to(s.path)).toHaveLength(4);
    const log = await deliveries(s.key, s.webhook.id);
    expect(log.json.data.map((d: { attempt: number; statusCode: number }) => [d.attempt, d.statusCode])).toEqual([
      [4, 204],
      [3, 503],
      [2, 503],
      [1, 503],
    ]);
    expect(log.json.data[0].nextRetryAt).toBeNull();
    // Nothing more is scheduled: hours later, still four requests and an active webhook.
    await setClock({ advanceMinutes: 600 });
    await runWebhooks();
    expect(receiver.to(s.path)).toHaveLength(4);
    expect((await getWebhook(s.key, s.webhook.id)).json.status).toBe("active");
  });

  it("sends a webhook's due events in one pass, in order and one at a time; a failure holds back none after it", async () => {
    const s = await hookedSender(["email.delivered"]);
    // The 3rd request fails; each answer takes a few ms, so an overlap would show in the times.
    replies.set(s.path, () => (receiver.to(s.path).length === 3 ? { status: 500, delayMs: 5 } : { status: 200, delayMs: 5 }));
    for (let i = 0; i < 6; i++) await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: `E${i}`, text: "x" });
    await deliverEmails();
    const messages = await getDb().webhookMessage.findMany({
      where: { webhookId: s.webhook.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(messages).toHaveLength(6);
    const order = messages.map((m) => m.eventId);

    // One pass (the poller takes the six due attempts into one batch): all six go out.
    await runWebhooks();
    const first = receiver.to(s.path);
    expect(first.map((r) => String(r.headers["webhook-id"]))).toEqual(order);
    for (const r of first) expect(r.headers["webhook-signature"]).toMatch(/^v1,/);
    for (let n = 1; n < first.length; n++) expect(first[n].at).toBeGreaterThanOrEqual(first[n - 1].at + 5);
    const states = await getDb().webhookMessage.findMany({
      where: { webhookId: s.webhook.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(states.map((m) => [m.status, m.attempts])).toEqual([
      ["succeeded", 1],
      ["succeeded", 1],
      ["pending", 1],
      ["succeeded", 1],
      ["succeeded", 1],
      ["succeeded", 1],
    ]);
    expect(await getDb().webhookDelivery.count({ where: { webhookId: s.webhook.id } })).toBe(6);
    // The lease went back with the last record.
    expect(await getDb().webhook.findUniqueOrThrow({ where: { id: s.webhook.id } })).toMatchObject({ deliveringMessageId: null });

    // Its retry a minute later: only the failed event goes again.
    await setClock({ advanceMinutes: 1.01 });
    await runWebhooks();
    expect(receiver.to(s.path).map((r) => String(r.headers["webhook-id"]))).toEqual([...order, order[2]]);
    expect(await getDb().webhookMessage.count({ where: { webhookId: s.webhook.id, status: "succeeded" } })).toBe(6);
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const s = await hookedSender(["email.delivered"]);
    const target = freshPath();
    replies.set(s.path, () => ({ status: 301, headers: { location: receiver.url(target) } }));
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "s", text: "x" });
    await deliverEmails();
    await runWebhooks();
    expect(receiver.to(s.path)).toHaveLength(1);
    expect(receiver.to(target)).toHaveLength(0);
    const log = await deliveries(s.key, s.webhook.id);
    expect(log.json.data[0]).toMatchObject({ attempt: 1, statusCode: 301, error: expect.stringContaining("redirect not followed") });
    expect(log.json.data[0].nextRetryAt).not.toBeNull();
  });

  it("gives up on a receiver that does not answer within the timeout", async () => {
    const s = await hookedSender(["email.delivered"]);
    // The receiver would answer long after the test ends: only a delivery that gives up finishes.
    replies.set(s.path, () => ({ delayMs: 600_000 }));
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "s", text: "x" });
    await deliverEmails();
    await runWebhooks();
    expect(receiver.to(s.path).map((r) => r.answered)).toEqual([false]);
    const log = await deliveries(s.key, s.webhook.id);
    expect(log.json.data[0]).toMatchObject({ attempt: 1, statusCode: null, error: "timed out after 500 ms", responseBody: null });
    expect(log.json.data[0].durationMs).toBeGreaterThanOrEqual(450);
    expect(log.json.data[0].nextRetryAt).not.toBeNull();
  });

  it("runs the same handler under the Inngest driver", async () => {
    const s = await hookedSender(["email.delivered"]);
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "Via Inngest", text: "x" });
    await deliverEmails();
    const message = await getDb().webhookMessage.findFirstOrThrow({ where: { webhookId: s.webhook.id } });
    const job = await getDb().job.findUniqueOrThrow({ where: { dedupeKey: deliverWebhookJobKey(message.id, 1) } });
    const engine = new InngestTestEngine({ function: createJobFunction(runnableJob(deliverWebhookJob)) });
    const { result, error } = await engine.execute({
      events: [{ name: jobEventName(deliverWebhookJob.id), data: { jobId: job.id } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ status: "completed", attempt: 1 });
    expect(receiver.to(s.path)).toHaveLength(1);
    expect((receiver.to(s.path)[0].json as { data: { subject: string } }).data.subject).toBe("Via Inngest");
    expect(await getDb().job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "completed" });
    expect(await getDb().webhookMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: "succeeded" });
  });
});

describe("webhook retries under the Inngest driver", () => {
  it("walks the retry loop under the Inngest driver: a failed attempt schedules the next one", async () => {
    const s = await hookedSender(["email.delivered"]);
    replies.set(s.path, () => (receiver.to(s.path).length === 1 ? { status: 500 } : { status: 200 }));
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "Inngest retry", text: "x" });
    await deliverEmails();
    const message = await getDb().webhookMessage.findFirstOrThrow({ where: { webhookId: s.webhook.id } });
    const run = async (attempt: number) => {
      const job = await getDb().job.findUniqueOrThrow({ where: { dedupeKey: deliverWebhookJobKey(message.id, attempt) } });
      const engine = new InngestTestEngine({ function: createJobFunction(runnableJob(deliverWebhookJob)) });
      const { error } = await engine.execute({ events: [{ name: jobEventName(deliverWebhookJob.id), data: { jobId: job.id } }] });
      expect(error).toBeUndefined();
      return job;
    };
    await run(1);
    const first = (await deliveries(s.key, s.webhook.id)).json.data[0];
    expect(first).toMatchObject({ attempt: 1, statusCode: 500 });
    const next = await getDb().job.findUniqueOrThrow({ where: { dedupeKey: deliverWebhookJobKey(message.id, 2) } });
    expect(next.runAt.toISOString()).toBe(first.nextRetryAt);
    await setClock({ advanceMinutes: 1.01 });
    await run(2);
    expect(receiver.to(s.path)).toHaveLength(2);
    expect(await getDb().webhookMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "succeeded",
      attempts: 2,
    });
  });
});

// Private addresses are refused wherever webhooksMayReachPrivate() is false: a production deploy
// (APP_ENV=production) or a real mail transport, without WEBHOOK_ALLOW_PRIVATE. Local mode
// allowing them is covered in webhooks-local-mode.test.ts.
describe("webhook SSRF protection", () => {
  /** The configuration where private addresses stay refused. */
  const refusePrivate = (how: "production" | "smtp" = "production") => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    if (how === "production") process.env.APP_ENV = "production";
    else process.env.MAIL_TRANSPORT = "smtp";
    resetEnvCache();
  };
  /** Back to local mode (the dev inbox delivers the test emails), private addresses allowed. */
  const localMode = () => {
    delete process.env.APP_ENV;
    delete process.env.MAIL_TRANSPORT;
    resetEnvCache();
  };
  afterEach(localMode);

  it("refuses private, loopback, link-local and metadata URLs on create and update", async () => {
    refusePrivate("production");
    const s = await sender();
    for (const url of [
      "http://127.0.0.1/",
      "http://[::1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:127.0.0.1]/",
      "http://10.0.0.8/",
      "http://[fd00:ec2::254]/",
      "http://0.0.0.0/",
      "http://2130706433/",
      `http://localhost:${receiver.port}/`,
    ]) {
      const res = await createWebhook(s.key, { url });
      expect(res.status, url).toBe(400);
      expect(res.json.error.details[0].path).toBe("url");
      expect(res.json.error.message).toMatch(/webhooks may only reach public addresses/);
      expect(res.json.error.message).toContain("WEBHOOK_ALLOW_PRIVATE=1");
    }
    const ok = await createWebhook(s.key, { url: "https://hooks.example.com/" });
    expect(ok.status).toBe(201);
    const moved = await updateWebhook(s.key, ok.json.id, { url: "http://192.168.1.20/hook" });
    expect(moved.status).toBe(400);
    expect(moved.json.error.message).toContain("192.168.1.20 is a private address");
  });

  it("refuses at connect time a host that resolves to loopback, recording the failed attempt", async () => {
    const s = await sender();
    const path = freshPath();
    // Allowed when created (dev), then the deploy switches to a real mail transport.
    const created = await createWebhook(s.key, { url: `http://localhost:${receiver.port}${path}`, events: ["email.delivered"] });
    expect(created.status).toBe(201);
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "s", text: "x" });
    await deliverEmails();
    refusePrivate("smtp");
    await runWebhooks();
    expect(receiver.to(path)).toHaveLength(0);
    const log = await deliveries(s.key, created.json.id);
    expect(log.json.data[0]).toMatchObject({
      attempt: 1,
      statusCode: null,
      error: `refused: localhost resolves to 127.0.0.1, a loopback address; webhooks may only reach public addresses (${PRIVATE_ADDRESSES_HINT})`,
    });
    expect(log.json.data[0].nextRetryAt).not.toBeNull();
  });

  it("checks the address at connect time, so DNS rebinding cannot get through", async () => {
    refusePrivate("production");
    const s = await sender();
    const path = freshPath();
    // A name that does not resolve here is accepted at create; it then "rebinds" to 127.0.0.1.
    const created = await createWebhook(s.key, { url: `http://hooks.rebind.test:${receiver.port}${path}`, events: ["email.delivered"] });
    expect(created.status).toBe(201);
    localMode();
    await sendEmail(s.key, { from: s.from, to: "delivered@simulator.test", subject: "s", text: "x" });
    await deliverEmails();
    // A real transport refuses too (and keeps the test clock, which APP_ENV=production stops).
    refusePrivate("smtp");
    const message = await getDb().webhookMessage.findFirstOrThrow({ where: { webhookId: created.json.id } });
    const rebound = async () => [{ address: "127.0.0.1", family: 4 }];
    const result = await deliverWebhookMessage({ messageId: message.id, attempt: 1, resolve: rebound });
    expect(result).toMatchObject({ status: "retry", statusCode: null });
    expect(receiver.to(path)).toHaveLength(0);
    const log = await deliveries(s.key, created.json.id);
    expect(log.json.data[0].error).toBe(
      `refused: hooks.rebind.test resolves to 127.0.0.1, a loopback address; webhooks may only reach public addresses (${PRIVATE_ADDRESSES_HINT})`,
    );
  });
});

describe("test events from the dashboard", () => {
  it("delivers a signed sample event once, and a failing endpoint neither retries nor fails the webhook", async () => {
    const s = await hookedSender();
    const sent = await call(testRoute, { method: "POST", path: "/", key: s.key, params: { id: s.webhook.id } });
    expect(sent.status).toBe(200);
    expect(sent.json.eventId).toMatch(/^evt_test_/);
    await runWebhooks();
    const got = receiver.to(s.path);
    expect(got).toHaveLength(1);
    expect(got[0].json).toMatchObject({ id: sent.json.eventId, type: "email.delivered", data: { test: true } });
    expect(got[0].headers["x-service-signature"]).toBe(`sha256=${hmacHex(s.webhook.secret, Buffer.from(got[0].body))}`);

    replies.set(s.path, () => ({ status: 500 }));
    await call(testRoute, { method: "POST", path: "/", key: s.key, params: { id: s.webhook.id } });
    await runWebhooks();
    const log = await deliveries(s.key, s.webhook.id);
    expect(log.json.data[0]).toMatchObject({ statusCode: 500, attempt: 1, nextRetryAt: null });
    expect((await getWebhook(s.key, s.webhook.id)).json.status).toBe("active");
  });
});
