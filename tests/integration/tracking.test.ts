import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createWebhookRoute } from "@/app/api/v1/webhooks/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { now } from "@/lib/clock/clock";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
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
  delete process.env.TRACKING_LIMIT_PER_ADDRESS;
  resetEnvCache();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

// A fresh client address per test: the limits are per address and live in memory.
const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

async function sendTracked(html: string) {
  const account = await makeAccount();
  await getDb().account.update({
    where: { id: account.accountId },
    data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000, trackOpens: true, trackClicks: true },
  });
  const domain = await makeVerifiedDomain(account.accountId);
  const path = `/hook-${randomBase62(8)}`;
  const hook = await call(createWebhookRoute, {
    method: "POST",
    path: "/api/v1/webhooks",
    key: account.key,
    body: { url: receiver.url(path), events: ["email.opened", "email.clicked"] },
  });
  expect(hook.status).toBe(201);
  const res = await call(sendRoute, {
    method: "POST",
    path: "/api/v1/emails",
    key: account.key,
    body: { from: `Acme <hi@${domain.domain}>`, to: "delivered@simulator.test", subject: "Links", html },
  });
  expect(res.status).toBe(201);
  const emailId = res.json.id as string;
  await runDueJobsOnce({ jobs: runnableJobs(emailSendJob), schedules: false, limit: 50 });
  const tokens = await getDb().trackingToken.findMany({ where: { emailId }, orderBy: { createdAt: "asc" } });
  const events = (type: string) => getDb().emailEvent.count({ where: { emailId, type } });
  return { ...account, emailId, path, tokens, events };
}

const click = (token: string, ip: string) =>
  clickRoute(new Request(`http://mw.test/t/c/${token}`, { headers: { "x-forwarded-for": ip } }), { params: Promise.resolve({ token }) });
const open = (token: string, ip: string) =>
  openRoute(new Request(`http://mw.test/t/o/${token}`, { headers: { "x-forwarded-for": ip } }), { params: Promise.resolve({ token }) });

describe("click links", () => {
  it("stores the normalized link and redirects with an ASCII Location, also for non-Latin-1 links", async () => {
    const raw = "https://Example.com/ünï/路径?q=日本 x#frag";
    const s = await sendTracked(`<p><a href="${raw}">read</a> <a href="mailto:a@b.example">mail</a></p>`);
    const clicks = s.tokens.filter((t) => t.kind === "click");
    // mailto: is not a web link: left as it is.
    expect(clicks).toHaveLength(1);
    const expected = new URL(raw).href;
    expect(clicks[0].url).toBe(expected);
    expect(expected).toMatch(/^[\x20-\x7e]+$/);

    const res = await click(clicks[0].token, address());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(expected);
    expect(await s.events("email.clicked")).toBe(1);
    const event = await getDb().emailEvent.findFirstOrThrow({ where: { emailId: s.emailId, type: "email.clicked" } });
    expect((event.data as { link: string }).link).toBe(expected);
  });

  it("never redirects to a stored link that is not http(s) (javascript:, unparsable): 400, nothing recorded", async () => {
    const s = await sendTracked("<p>no links</p>");
    const openToken = s.tokens.find((t) => t.kind === "open")!;
    for (const url of ["javascript:alert(document.cookie)", "http://exa mple.com/", "data:text/html,<b>x</b>"]) {
      const token = randomBase62(32);
      await getDb().trackingToken.create({
        data: { token, kind: "click", url, accountId: s.accountId, emailId: s.emailId, recipientId: openToken.recipientId },
      });
      const res = await click(token, address());
      expect(res.status, url).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    }
    expect(await s.events("email.clicked")).toBe(0);
  });
});

describe("tracking limits", () => {
  it("counts repeat opens of one token within a minute once, with one webhook", async () => {
    const s = await sendTracked("<p>hello</p>");
    const token = s.tokens.find((t) => t.kind === "open")!.token;
    const ip = address();
    for (let n = 0; n < 3; n++) expect((await open(token, ip)).status).toBe(200);
    expect(await s.events("email.opened")).toBe(1);
    await runDueJobsOnce({ jobs: runnableJobs(deliverWebhookJob), schedules: false, limit: 50 });
    expect(receiver.to(s.path).filter((r) => (r.json as { type: string }).type === "email.opened")).toHaveLength(1);

    // A minute later it counts again.
    await getDb().trackingToken.update({ where: { token }, data: { lastCountedAt: new Date(now().getTime() - 61_000) } });
    expect((await open(token, ip)).status).toBe(200);
    expect(await s.events("email.opened")).toBe(2);
  });

  it("past the per-address limit still redirects but records nothing; another address still counts", async () => {
    process.env.TRACKING_LIMIT_PER_ADDRESS = "1"; // 1/s, bursts of 10
    resetEnvCache();
    const links = Array.from({ length: 15 }, (_, n) => `<a href="https://example.com/${n}">${n}</a>`).join(" ");
    const s = await sendTracked(`<p>${links}</p>`);
    const clicks = s.tokens.filter((t) => t.kind === "click");
    expect(clicks).toHaveLength(15);
    const flood = address();
    // All at once: the bucket refills 1/s, so the bound below allows one more per second the
    // flood took (a loaded machine can stretch it past a second).
    const started = Date.now();
    const responses = await Promise.all(clicks.map((t) => click(t.token, flood)));
    const refilled = Math.ceil((Date.now() - started) / 1000);
    responses.forEach((res, n) => {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(clicks[n].url);
    });
    const recorded = await s.events("email.clicked");
    expect(recorded).toBeGreaterThanOrEqual(1);
    expect(recorded).toBeLessThanOrEqual(10 + refilled);
    expect((await open(s.tokens.find((t) => t.kind === "open")!.token, "198.51.100.23")).status).toBe(200);
    expect(await s.events("email.opened")).toBe(1);
  });
});
