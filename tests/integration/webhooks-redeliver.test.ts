import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/webhooks/route";
import { GET as deliveriesRoute } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as redeliverRoute } from "@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// POST /webhooks/:id/deliveries/:deliveryId/redeliver, against a real HTTP receiver.
let receiver: WebhookReceiver;
let failNext = true;

beforeAll(async () => {
  // The first request fails (500), everything after succeeds.
  receiver = await startWebhookReceiver(() => {
    if (failNext) {
      failNext = false;
      return { status: 500, body: "boom" };
    }
    return {};
  });
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("redelivering a webhook delivery", () => {
  it("sends that delivery's event again, signed, as a new delivery (202)", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    const { key } = account;
    const path = `/hook-${randomBase62(8)}`;
    const webhook = await call(createRoute, {
      method: "POST",
      path: "/",
      key,
      body: { url: receiver.url(path), events: ["email.delivered"] },
    });
    expect(webhook.status).toBe(201);
    const id = webhook.json.id as string;
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/",
      key,
      body: { from: `hello@${domain.domain}`, to: "delivered@simulator.test", subject: "Hi", text: "x" },
    });
    await runDueFor(account.accountId, [emailSendJob]);
    // The first attempt gets a 500 (its retry is hours away); redeliver does not wait for it.
    await runDueFor(account.accountId, [deliverWebhookJob]);
    const log = await call(deliveriesRoute, { path: "/", key, params: { id } });
    expect(log.json.data).toHaveLength(1);
    const first = log.json.data[0] as { id: string; eventId: string; statusCode: number };
    expect(first.statusCode).toBe(500);

    const res = await call(redeliverRoute, { method: "POST", path: "/", key, params: { id, deliveryId: first.id } });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ queued: true });
    expect(res.json.eventId).toMatch(new RegExp(`^${first.eventId}\\.r[0-9A-Za-z]+$`));
    await runDueFor(account.accountId, [deliverWebhookJob]);

    const received = receiver.requests.filter((r) => r.path === path);
    expect(received).toHaveLength(2);
    // The same event (same body, its id the event's), verifiable with the webhook's secret.
    expect(received[1].body).toBe(received[0].body);
    const payload = received[1].json as { id: string; type: string; data: { email_id: string } };
    expect(payload).toMatchObject({ id: first.eventId, type: "email.delivered", data: { email_id: sent.json.id } });
    const headers = received[1].headers as Record<string, string>;
    // The same message to the receiver: the webhook-id header is the event's id, as on the first
    // delivery, so a receiver de-duplicating on it processes the event once.
    expect(headers["webhook-id"]).toBe(first.eventId);
    expect((received[0].headers as Record<string, string>)["webhook-id"]).toBe(first.eventId);
    expect(new StandardWebhook(webhook.json.secret).verify(received[1].body, headers)).toMatchObject({ id: first.eventId });

    const after = await call(deliveriesRoute, { path: "/", key, params: { id } });
    expect(after.json.data.map((d: { eventId: string; statusCode: number }) => [d.eventId, d.statusCode])).toEqual([
      [res.json.eventId, 200],
      [first.eventId, 500],
    ]);

    // Unknown delivery: 404; a failed webhook: 409.
    expect((await call(redeliverRoute, { method: "POST", path: "/", key, params: { id, deliveryId: "dlv_nope" } })).status).toBe(404);
    await getDb().webhook.update({ where: { id }, data: { status: "failed", failedAt: new Date() } });
    expect((await call(redeliverRoute, { method: "POST", path: "/", key, params: { id, deliveryId: first.id } })).status).toBe(409);
  });
});
