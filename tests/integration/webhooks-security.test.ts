import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, afterEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/webhooks/route";
import { GET as getRoute, DELETE as deleteRoute } from "@/app/api/v1/webhooks/[id]/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { encryptPlainWebhookSecrets } from "@/lib/webhooks/encrypt-plain-webhook-secrets";
import { generateWebhookSecret } from "@/lib/webhooks/sign-webhook";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
});

afterEach(() => {
  delete process.env.WEBHOOK_MAX_PER_ACCOUNT;
  resetEnvCache();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

const freshPath = () => `/hook-${randomBase62(8)}`;
const createWebhook = (key: string, body: unknown) => call(createRoute, { method: "POST", path: "/api/v1/webhooks", key, body });

async function sender() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `Acme <hello@${domain.domain}>` };
}

async function sendAndDeliver(s: { key: string; from: string }) {
  const res = await call(sendRoute, {
    method: "POST",
    path: "/api/v1/emails",
    key: s.key,
    body: { from: s.from, to: "delivered@simulator.test", subject: "Hi", text: "hi" },
  });
  expect(res.status).toBe(201);
  await runDueJobsOnce({ jobs: runnableJobs(emailSendJob), schedules: false, limit: 50 });
}

const runWebhooks = () => runDueJobsOnce({ jobs: runnableJobs(deliverWebhookJob), schedules: false, limit: 50 });
const storedSecret = async (id: string) => (await getDb().webhook.findUniqueOrThrow({ where: { id }, select: { secret: true } })).secret;

function expectSignedWith(secret: string, req: { raw: Buffer; body: string; headers: Record<string, unknown> }) {
  // The spec's header, keyed with the whole secret, and the Standard Webhooks headers, checked
  // by the official library (timestamp tolerance included).
  const hex = createHmac("sha256", Buffer.from(secret, "utf8")).update(req.raw).digest("hex");
  expect(req.headers["x-service-signature"]).toBe(`sha256=${hex}`);
  const verified = new StandardWebhook(secret).verify(req.body, req.headers as Record<string, string>);
  expect(verified).toMatchObject({ type: "email.delivered" });
}

describe("webhook secrets at rest", () => {
  it("stores the secret encrypted, returns it on create and get, and signs with it", async () => {
    const s = await sender();
    const path = freshPath();
    const created = await createWebhook(s.key, { url: receiver.url(path), events: ["email.delivered"] });
    expect(created.status).toBe(201);
    const secret = created.json.secret as string;
    expect(secret).toMatch(/^whsec_/);

    const stored = await storedSecret(created.json.id);
    expect(stored).not.toContain(secret.slice(6));
    expect(stored).not.toContain("whsec_");
    // The default client never reads the column.
    const row = await getDb().webhook.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(row).not.toHaveProperty("secret");

    const got = await call(getRoute, { path: "/", key: s.key, params: { id: created.json.id } });
    expect(got.json.secret).toBe(secret);

    await sendAndDeliver(s);
    await runWebhooks();
    const [req] = receiver.to(path);
    expectSignedWith(secret, req);
  });

  it("keeps signing with a secret stored before encryption, then encrypts it in place", async () => {
    const s = await sender();
    const path = freshPath();
    const id = newId("wh");
    const plain = generateWebhookSecret();
    await getDb().webhook.create({
      data: { id, accountId: s.accountId, url: receiver.url(path), events: ["email.delivered"], secret: plain },
    });
    await sendAndDeliver(s);
    await runWebhooks();
    expectSignedWith(plain, receiver.to(path)[0]);

    expect(await encryptPlainWebhookSecrets()).toBeGreaterThanOrEqual(1);
    expect(await storedSecret(id)).not.toContain(plain.slice(6));
    await sendAndDeliver(s);
    await runWebhooks();
    expect(receiver.to(path)).toHaveLength(2);
    expectSignedWith(plain, receiver.to(path)[1]);
    expect((await call(getRoute, { path: "/", key: s.key, params: { id } })).json.secret).toBe(plain);
  });
});

describe("webhooks per account", () => {
  it("refuses more than WEBHOOK_MAX_PER_ACCOUNT, also when the creates race", async () => {
    process.env.WEBHOOK_MAX_PER_ACCOUNT = "3";
    resetEnvCache();
    const s = await makeAccount();
    const results = await Promise.all(Array.from({ length: 6 }, () => createWebhook(s.key, { url: receiver.url(freshPath()) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe("webhook_limit_reached");
    }
    expect(await getDb().webhook.count({ where: { accountId: s.accountId } })).toBe(3);

    // Deleting one frees a place; another account has its own.
    const id = results.find((r) => r.status === 201)!.json.id as string;
    expect((await call(deleteRoute, { method: "DELETE", path: "/", key: s.key, params: { id } })).status).toBe(200);
    expect((await createWebhook(s.key, { url: receiver.url(freshPath()) })).status).toBe(201);
    expect((await createWebhook((await makeAccount()).key, { url: receiver.url(freshPath()) })).status).toBe(201);
  });
});

describe("deleting a webhook", () => {
  it("cancels its queued deliveries and leaves the account's other webhooks' alone", async () => {
    const s = await sender();
    const doomed = await createWebhook(s.key, { url: receiver.url(freshPath()), events: ["email.delivered"] });
    const kept = await createWebhook(s.key, { url: receiver.url(freshPath()), events: ["email.delivered"] });
    for (let n = 0; n < 3; n++) await sendAndDeliver(s);

    const queuedFor = async (webhookId: string) => {
      const messages = await getDb().webhookMessage.findMany({ where: { webhookId }, select: { id: true } });
      const ids = new Set(messages.map((m) => m.id));
      const jobs = await getDb().job.findMany({
        where: { name: deliverWebhookJob.id, status: "pending", accountId: s.accountId },
        select: { payload: true },
      });
      return jobs.filter((j) => ids.has((j.payload as { messageId: string }).messageId)).length;
    };
    expect(await queuedFor(doomed.json.id)).toBe(3);
    expect(await queuedFor(kept.json.id)).toBe(3);
    const before = await getDb().job.count({ where: { name: deliverWebhookJob.id, status: "pending", accountId: s.accountId } });

    const removed = await call(deleteRoute, { method: "DELETE", path: "/", key: s.key, params: { id: doomed.json.id } });
    expect(removed.status).toBe(200);
    const after = await getDb().job.count({ where: { name: deliverWebhookJob.id, status: "pending", accountId: s.accountId } });
    expect(before - after).toBe(3);
    expect(await queuedFor(kept.json.id)).toBe(3);
    expect(await getDb().webhookMessage.count({ where: { webhookId: doomed.json.id } })).toBe(0);
  });
});
