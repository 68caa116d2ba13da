import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/webhooks/route";
import { GET as getRoute } from "@/app/api/v1/webhooks/[id]/route";
import { POST as testRoute } from "@/app/api/v1/webhooks/[id]/test/route";
import { GET as deliveriesRoute } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { newId, randomBase62 } from "@/lib/db/ids";
import { HEALTH_WINDOW_ATTEMPTS } from "@/lib/webhooks/webhook-health";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { call, makeAccount } from "../helpers/api";
import { runDueFor } from "../helpers/jobs";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// Webhook health on GET /webhooks and /webhooks/:id, and test events of any type.

let receiver: WebhookReceiver;
// Paths that answer 500; every other path answers 200.
const failing = new Set<string>();

beforeAll(async () => {
  receiver = await startWebhookReceiver((req) => (failing.has(req.path) ? { status: 500, body: "down" } : {}));
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

async function makeWebhook(key: string, path: string) {
  const res = await call(createRoute, { method: "POST", path: "/", key, body: { url: receiver.url(path) } });
  expect(res.status).toBe(201);
  return res.json as { id: string; secret: string; health: unknown };
}

/** Attempts as the delivery job leaves them, `ago` ms in the past. */
async function logAttempts(webhookId: string, attempts: { statusCode: number | null; agoMs: number }[]) {
  const db = getDb();
  for (const attempt of attempts) {
    const at = new Date(Date.now() - attempt.agoMs);
    const message = await db.webhookMessage.create({
      data: {
        id: newId("msg"),
        webhookId,
        eventId: newId("evt"),
        eventType: "email.delivered",
        payload: {},
        status: attempt.statusCode === 200 ? "succeeded" : "pending",
        createdAt: at,
      },
    });
    await db.webhookDelivery.create({
      data: {
        id: newId("dlv"),
        webhookId,
        messageId: message.id,
        eventId: message.eventId,
        eventType: "email.delivered",
        attempt: 1,
        statusCode: attempt.statusCode,
        durationMs: 5,
        error: attempt.statusCode === 200 ? null : "failed",
        createdAt: at,
      },
    });
  }
}

describe("webhook health", () => {
  it("reports the failure rate of recent attempts and a failing flag, on the list and the webhook", async () => {
    const { key } = await makeAccount();
    const created = await makeWebhook(key, "/h-new");
    expect(created.health).toEqual({ recentAttempts: 0, recentFailures: 0, failureRate: null, failing: false });

    const healthy = await makeWebhook(key, "/h-ok");
    const sick = await makeWebhook(key, "/h-sick");
    const hour = 60 * 60 * 1000;
    // 1 failure of 4 recent; two old failures (over a day ago) do not count.
    await logAttempts(healthy.id, [
      { statusCode: 200, agoMs: hour },
      { statusCode: 200, agoMs: 2 * hour },
      { statusCode: 500, agoMs: 3 * hour },
      { statusCode: 200, agoMs: 4 * hour },
      { statusCode: null, agoMs: 30 * hour },
      { statusCode: 500, agoMs: 40 * hour },
    ]);
    // 3 failures (a 500, a 302 and no answer) of 4.
    await logAttempts(sick.id, [
      { statusCode: 500, agoMs: hour },
      { statusCode: 302, agoMs: 2 * hour },
      { statusCode: null, agoMs: 3 * hour },
      { statusCode: 204, agoMs: 4 * hour },
    ]);

    const one = await call(getRoute, { path: "/", key, params: { id: sick.id } });
    expect(one.json.health).toEqual({ recentAttempts: 4, recentFailures: 3, failureRate: 0.75, failing: true });
    const list = await call(listRoute, { path: "/api/v1/webhooks", key });
    const health = Object.fromEntries(list.json.data.map((w: { id: string; health: unknown }) => [w.id, w.health]));
    expect(health).toEqual({
      [created.id]: { recentAttempts: 0, recentFailures: 0, failureRate: null, failing: false },
      [healthy.id]: { recentAttempts: 4, recentFailures: 1, failureRate: 0.25, failing: false },
      [sick.id]: { recentAttempts: 4, recentFailures: 3, failureRate: 0.75, failing: true },
    });

    // A failed webhook is failing whatever its recent attempts.
    await getDb().webhook.update({ where: { id: healthy.id }, data: { status: "failed", failedAt: new Date() } });
    expect((await call(getRoute, { path: "/", key, params: { id: healthy.id } })).json.health).toMatchObject({ failing: true });
  });

  it("counts at most the last 50 attempts", async () => {
    const { key } = await makeAccount();
    const hook = await makeWebhook(key, "/h-window");
    // 50 successes in the last hour, then 10 failures before them: outside the window.
    await logAttempts(hook.id, [
      ...Array.from({ length: HEALTH_WINDOW_ATTEMPTS }, (_, i) => ({ statusCode: 200, agoMs: 1000 + i * 1000 })),
      ...Array.from({ length: 10 }, (_, i) => ({ statusCode: 500, agoMs: 10 * 60 * 1000 + i * 1000 })),
    ]);
    const res = await call(getRoute, { path: "/", key, params: { id: hook.id } });
    expect(res.json.health).toEqual({ recentAttempts: 50, recentFailures: 0, failureRate: 0, failing: false });
  });
});

describe("test events", () => {
  it("delivers a signed sample event of the type asked for; email.delivered when none is", async () => {
    const { accountId, key } = await makeAccount();
    const path = `/t-${randomBase62(6)}`;
    const hook = await makeWebhook(key, path);
    const bounced = await call(testRoute, { method: "POST", path: "/", key, params: { id: hook.id }, body: { type: "email.bounced" } });
    expect(bounced.status).toBe(200);
    expect(bounced.json).toMatchObject({ type: "email.bounced", queued: true });
    // Resend's name for complaints is accepted too.
    const complained = await call(testRoute, {
      method: "POST",
      path: "/",
      key,
      params: { id: hook.id },
      body: { type: "email.complained" },
    });
    expect(complained.json.type).toBe("email.complaint");
    const plain = await call(testRoute, { method: "POST", path: "/", key, params: { id: hook.id } });
    expect(plain.json.type).toBe("email.delivered");
    await runDueFor(accountId, [deliverWebhookJob]);

    const received = receiver.requests.filter((r) => r.path === path);
    const byType = Object.fromEntries(received.map((r) => [(r.json as { type: string }).type, r]));
    expect(Object.keys(byType).sort()).toEqual(["email.bounced", "email.complaint", "email.delivered"]);
    const payload = byType["email.bounced"].json as { id: string; data: { bounce: { type: string }; test: boolean } };
    expect(payload.id).toBe(bounced.json.eventId);
    expect(payload.data).toMatchObject({ bounce: { type: "hard" }, test: true });
    expect((byType["email.complaint"].json as { data: { feedback_type: string } }).data.feedback_type).toBe("abuse");
    const headers = byType["email.bounced"].headers as Record<string, string>;
    expect(new StandardWebhook(hook.secret).verify(byType["email.bounced"].body, headers)).toMatchObject({ type: "email.bounced" });

    const log = await call(deliveriesRoute, { path: "/", key, params: { id: hook.id } });
    expect(log.json.data.map((d: { eventType: string }) => d.eventType).sort()).toEqual([
      "email.bounced",
      "email.complaint",
      "email.delivered",
    ]);
  });

  it("refuses an unknown event type with a 400 listing the documented ones", async () => {
    const { key } = await makeAccount();
    const hook = await makeWebhook(key, "/t-bad");
    for (const body of [{ type: "email.deferred" }, { type: 3 }, { type: "" }]) {
      const res = await call(testRoute, { method: "POST", path: "/", key, params: { id: hook.id }, body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.message).toContain(
        "email.sent, email.delivered, email.delivery_delayed, email.opened, email.clicked, email.bounced, email.complaint, email.failed",
      );
    }
    expect(await getDb().webhookMessage.count({ where: { webhookId: hook.id } })).toBe(0);
  });
});
