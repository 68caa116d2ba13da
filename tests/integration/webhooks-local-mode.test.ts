import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/webhooks/route";
import { PUT as updateRoute } from "@/app/api/v1/webhooks/[id]/route";
import { GET as deliveriesRoute } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";

// Local mode (the dev-inbox transport, the default, outside APP_ENV=production): a webhook may
// reach this machine and its network, and the delivery log shows each attempt's request and
// response. A real HTTP receiver on 127.0.0.1 answers.
let receiver: WebhookReceiver;
const LONG_BODY = "0123456789abcdef".repeat(400); // 6,400 bytes: more than the 4 KB kept

beforeAll(async () => {
  receiver = await startWebhookReceiver((req): Reply => {
    if (req.path.startsWith("/long")) return { status: 200, body: LONG_BODY, headers: { "set-cookie": "sid=abc; HttpOnly" } };
    return { status: 202, body: '{"received":true}', headers: { "content-type": "application/json", "x-receiver": "local" } };
  });
});

// Local mode exactly: none of the settings that change it.
const SETTINGS = ["WEBHOOK_ALLOW_PRIVATE", "APP_ENV", "MAIL_TRANSPORT"] as const;
beforeEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  resetEnvCache();
});
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  resetEnvCache();
});
afterAll(() => receiver.close());

const set = (values: Partial<Record<(typeof SETTINGS)[number], string>>) => {
  Object.assign(process.env, values);
  resetEnvCache();
};

async function sender() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `Acme <hello@${domain.domain}>` };
}

const createWebhook = (key: string, url: string) =>
  call(createRoute, { method: "POST", path: "/api/v1/webhooks", key, body: { url, events: ["email.delivered"] } });
const deliveries = (key: string, id: string) => call(deliveriesRoute, { path: `/api/v1/webhooks/${id}/deliveries`, key, params: { id } });

async function deliverOneEvent(s: Awaited<ReturnType<typeof sender>>, subject: string) {
  const sent = await call(sendRoute, {
    method: "POST",
    path: "/api/v1/emails",
    key: s.key,
    body: { from: s.from, to: "delivered@simulator.test", subject, text: "hi" },
  });
  expect(sent.status).toBe(201);
  await runDueFor(s.accountId, [emailSendJob]);
  await runDueFor(s.accountId, [deliverWebhookJob]);
}

describe("webhooks in local mode", () => {
  it("delivers a signed event to 127.0.0.1, and the log holds the request and the response, secrets left out", async () => {
    const s = await sender();
    const path = `/hook-${randomBase62(8)}`;
    const created = await createWebhook(s.key, receiver.url(path));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const { id, secret } = created.json as { id: string; secret: string };

    await deliverOneEvent(s, "Local hello");
    const got = receiver.to(path);
    expect(got).toHaveLength(1);
    const req = got[0];
    // The official Standard Webhooks library accepts the signature (it throws otherwise).
    const verified = new StandardWebhook(secret).verify(req.body, {
      "webhook-id": String(req.headers["webhook-id"]),
      "webhook-timestamp": String(req.headers["webhook-timestamp"]),
      "webhook-signature": String(req.headers["webhook-signature"]),
    }) as { type: string; data: { subject: string } };
    expect(verified).toMatchObject({ type: "email.delivered", data: { subject: "Local hello" } });

    const log = await deliveries(s.key, id);
    expect(log.status).toBe(200);
    const entry = log.json.data[0];
    expect(entry).toMatchObject({ attempt: 1, statusCode: 202, error: null });
    // The request as the receiver got it: same body bytes, same headers.
    expect(entry.request).toEqual({
      method: "POST",
      url: receiver.url(path),
      headers: {
        "content-type": "application/json",
        "user-agent": "Mailwright-Webhooks/1",
        "x-service-signature": req.headers["x-service-signature"],
        "webhook-id": req.headers["webhook-id"],
        "webhook-timestamp": req.headers["webhook-timestamp"],
        "webhook-signature": req.headers["webhook-signature"],
        "content-length": String(req.raw.length),
        host: `127.0.0.1:${receiver.port}`,
      },
      body: req.body,
    });
    expect(entry.response).toEqual({
      statusCode: 202,
      headers: expect.objectContaining({ "content-type": "application/json", "x-receiver": "local" }),
      body: '{"received":true}',
      bodyTruncated: false,
    });
    expect(JSON.stringify(log.json)).not.toContain(secret);
    // Nor in what is stored.
    const row = await getDb().webhookDelivery.findFirstOrThrow({ where: { webhookId: id } });
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("keeps the first 4 KB of a longer response, marked truncated, and redacts Set-Cookie", async () => {
    const s = await sender();
    const created = await createWebhook(s.key, receiver.url(`/long-${randomBase62(8)}`));
    expect(created.status).toBe(201);
    await deliverOneEvent(s, "Long answer");
    const entry = (await deliveries(s.key, created.json.id)).json.data[0];
    expect(entry.response.body).toBe(LONG_BODY.slice(0, 4096));
    expect(entry.response.bodyTruncated).toBe(true);
    expect(entry.responseBody).toBe(LONG_BODY.slice(0, 4096));
    expect(entry.response.headers["set-cookie"]).toBe("[redacted]");
    expect(JSON.stringify(entry)).not.toContain("sid=abc");
  });

  it("accepts loopback and private addresses on create and update", async () => {
    const s = await sender();
    for (const url of ["http://localhost:4000/hooks", "http://[::1]:4000/", "http://192.168.1.20/hook", "http://10.0.0.8/"]) {
      const res = await createWebhook(s.key, url);
      expect(res.status, url).toBe(201);
    }
    const ok = await createWebhook(s.key, "https://hooks.example.com/");
    const moved = await call(updateRoute, {
      method: "PUT",
      path: `/api/v1/webhooks/${ok.json.id}`,
      key: s.key,
      body: { url: "http://127.0.0.1:4000/hooks" },
      params: { id: ok.json.id },
    });
    expect(moved.status).toBe(200);
  });
});

describe("webhooks outside local mode", () => {
  for (const [name, settings] of [
    ["APP_ENV=production", { APP_ENV: "production" }],
    ["MAIL_TRANSPORT=smtp", { MAIL_TRANSPORT: "smtp" }],
  ] as const) {
    it(`refuses 127.0.0.1 with ${name} (400 naming why and how to allow it)`, async () => {
      const s = await sender();
      set(settings);
      const res = await createWebhook(s.key, receiver.url("/refused"));
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.details[0].path).toBe("url");
      expect(res.json.error.message).toBe(
        "url: 127.0.0.1 is a loopback address; webhooks may only reach public addresses (private and loopback addresses are allowed " +
          "with WEBHOOK_ALLOW_PRIVATE=1, or in local mode: MAIL_TRANSPORT=inbox without APP_ENV=production)",
      );
    });
  }

  it("allows them with WEBHOOK_ALLOW_PRIVATE=1 whatever the deploy", async () => {
    const s = await sender();
    set({ APP_ENV: "production", MAIL_TRANSPORT: "smtp", WEBHOOK_ALLOW_PRIVATE: "1" });
    expect((await createWebhook(s.key, receiver.url("/allowed"))).status).toBe(201);
  });

  it("refuses at delivery a webhook made in local mode once the deploy has a real transport, and logs the request", async () => {
    const s = await sender();
    const path = `/hook-${randomBase62(8)}`;
    const created = await createWebhook(s.key, receiver.url(path));
    expect(created.status).toBe(201);
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: s.key,
      body: { from: s.from, to: "delivered@simulator.test", subject: "s", text: "x" },
    });
    expect(sent.status).toBe(201);
    await runDueFor(s.accountId, [emailSendJob]);
    set({ MAIL_TRANSPORT: "smtp" });
    await runDueFor(s.accountId, [deliverWebhookJob]);
    expect(receiver.to(path)).toHaveLength(0);
    const entry = (await deliveries(s.key, created.json.id)).json.data[0];
    expect(entry.error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address; .*WEBHOOK_ALLOW_PRIVATE=1/);
    expect(entry.response).toBeNull();
    // What would have gone out: refused before connecting, so the headers it was given.
    expect(entry.request).toMatchObject({ method: "POST", url: receiver.url(path), headers: { "webhook-id": expect.any(String) } });
    expect(JSON.parse(entry.request.body)).toMatchObject({ type: "email.delivered" });
  });
});
