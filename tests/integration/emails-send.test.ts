import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "mailauth";
import { POST as sendRoute, GET as listRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { GET as getRoute, DELETE as cancelRoute } from "@/app/api/v1/emails/[id]/route";
import { GET as scheduledRoute } from "@/app/api/v1/emails/scheduled/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { smtpTransport } from "@/lib/transports/smtp-transport";
import { createTemplate } from "@/lib/templates/create-template";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startSmtpReceiver } from "../helpers/smtp-receiver";

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startSmtpReceiver((rcpt) => (rcpt.startsWith("hard") ? 550 : rcpt.startsWith("soft") ? 451 : 250));
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.SMTP_URL = receiver.url;
  process.env.APP_URL = "http://mw.test";
  resetEnvCache();
});

afterAll(async () => {
  await smtpTransport.close?.();
  await receiver.close();
  delete process.env.MAIL_TRANSPORT;
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetEnvCache();
});

async function sender() {
  const account = await makeAccount();
  // Concurrency tests fire 50 requests at once: lift the per-key limit (tested elsewhere).
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domain: domain.domain, from: `Acme <hello@${domain.domain}>` };
}

const send = (key: string, body: unknown, headers?: Record<string, string>) =>
  call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body, headers });

async function dkimTxt(domain: string) {
  const row = await getDb().domain.findFirstOrThrow({ where: { domain } });
  return (row.records as { type: string; name: string; value: string }[]).find((r) => r.name.includes("._domainkey."))!;
}

describe("sending through the smtp transport", () => {
  it("delivers a template email signed, tracked and with escaped variables", async () => {
    const s = await sender();
    const template = await createTemplate({
      accountId: s.accountId,
      input: {
        name: "welcome",
        subject: "Hi {{name}}",
        htmlBody: '<p>Hello {{name}}</p><a href="https://example.com/start?a=1&amp;b=2">Start</a>',
      },
    });
    const to = `reader-${s.accountId.slice(-6).toLowerCase()}@inbox.example`;
    const res = await send(s.key, { from: s.from, to: [to], template_id: template.id, variables: { name: "<b>Ann</b> & co" } });
    expect(res.status).toBe(201);
    expect(res.json.id).toMatch(/^em_/);

    await deliverEmail(res.json.id);
    const got = receiver.messages.find((m) => m.rcptTo.includes(to))!;
    expect(got).toBeDefined();
    const raw = got.raw.toString("utf8");
    expect(got.mailFrom).toMatch(new RegExp(`^bounce\\+[0-9A-Za-z]+@send\\.${s.domain.replace(/\./g, "\\.")}$`));
    expect(raw).toContain("Subject: Hi <b>Ann</b> & co");
    expect(raw).toMatch(/DKIM-Signature: .*d=/);

    // An independent DKIM verifier, resolving our published record.
    const record = await dkimTxt(s.domain);
    const verdict = await authenticate(got.raw, {
      ip: "127.0.0.1",
      helo: "localhost",
      sender: got.mailFrom,
      mta: "receiver.test",
      resolver: async (name: string, type: string) => {
        if (type === "TXT" && name === record.name) return [[record.value]];
        const error = Object.assign(new Error("not found"), { code: "ENOTFOUND" });
        throw error;
      },
    });
    expect(verdict.dkim.results[0].status.result).toBe("pass");

    const html = Buffer.from(raw.replace(/=\r\n/g, "")).toString();
    // The variable escaped as the template renderer escapes it (the tracking rewrite changes
    // only the links and adds the pixel; the rest is the rendered HTML as is).
    expect(html).toContain("Hello &lt;b&gt;Ann&lt;&#x2F;b&gt; &amp; co");
    expect(html).not.toContain("https://example.com/start");
    const click = /http:\/\/mw\.test\/t\/c\/([0-9A-Za-z]{32})/.exec(html)!;
    const open = /http:\/\/mw\.test\/t\/o\/([0-9A-Za-z]{32})/.exec(html)!;
    expect(click).toBeTruthy();
    expect(open).toBeTruthy();

    const redirect = await clickRoute(
      new Request(`http://mw.test/t/c/${click[1]}`, { headers: { "user-agent": "UA/1", "x-forwarded-for": "203.0.113.9" } }),
      {
        params: Promise.resolve({ token: click[1] }),
      },
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("https://example.com/start?a=1&b=2");
    const pixel = await openRoute(new Request(`http://mw.test/t/o/${open[1]}`), { params: Promise.resolve({ token: open[1] }) });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("content-type")).toBe("image/gif");

    const record2 = await call(getRoute, { path: `/api/v1/emails/${res.json.id}`, key: s.key, params: { id: res.json.id } });
    // A smarthost's 250 is `sent` (accepted for relay), not `delivered`.
    expect(record2.json.status).toBe("sent");
    expect(record2.json.recipients).toEqual([{ email: to, type: "to", status: "sent" }]);
    const types = record2.json.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(["email.queued", "email.sent", "email.clicked", "email.opened"]);
    const clicked = record2.json.events.find((e: { type: string }) => e.type === "email.clicked");
    expect(clicked.data).toMatchObject({ link: "https://example.com/start?a=1&b=2", user_agent: "UA/1", ip_address: "203.0.113.9" });
  });

  it("turns a 550 into a hard bounce that suppresses the address, and skips it next time", async () => {
    const s = await sender();
    const res = await send(s.key, { from: s.from, to: ["hard@x.example", "ok@x.example"], subject: "s", html: "<p>x</p>" });
    await deliverEmail(res.json.id);
    const email = await call(getRoute, { path: "/", key: s.key, params: { id: res.json.id } });
    expect(email.json.recipients).toEqual([
      { email: "hard@x.example", type: "to", status: "bounced" },
      { email: "ok@x.example", type: "to", status: "sent" },
    ]);
    const bounce = email.json.events.find((e: { type: string }) => e.type === "email.bounced");
    expect(bounce.data.bounce).toMatchObject({ type: "hard", code: 550 });
    expect(await getDb().suppression.count({ where: { accountId: s.accountId, email: "hard@x.example" } })).toBe(1);

    const again = await send(s.key, { from: s.from, to: ["hard@x.example"], subject: "s", html: "<p>x</p>" });
    await deliverEmail(again.json.id);
    const second = await call(getRoute, { path: "/", key: s.key, params: { id: again.json.id } });
    expect(second.json.status).toBe("suppressed");
    expect(second.json.recipients[0].status).toBe("suppressed");
  });

  it("defers a 451 and retries it later", async () => {
    const s = await sender();
    const res = await send(s.key, { from: s.from, to: ["soft@x.example"], subject: "s", text: "x" });
    await deliverEmail(res.json.id);
    const email = await getDb().email.findUniqueOrThrow({ where: { id: res.json.id }, include: { recipients: true } });
    expect(email.status).toBe("sending");
    expect(email.recipients[0]).toMatchObject({ status: "deferred", attempts: 1 });
    const retry = await getDb().job.findFirst({ where: { dedupeKey: { startsWith: `email.retry:${res.json.id}:` } } });
    expect(retry?.runAt.getTime()).toBe(email.recipients[0].nextAttemptAt!.getTime());
  });
});

describe("accepting emails", () => {
  it("refuses a from address on a domain that is not verified", async () => {
    const s = await sender();
    const res = await send(s.key, { from: "me@unverified.example", to: ["a@b.example"], subject: "s", text: "x" });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("domain_not_verified");
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("validates the body with field paths", async () => {
    const s = await sender();
    const res = await send(s.key, { from: s.from, to: [], subject: "", html: "" });
    expect(res.status).toBe(400);
    const paths = res.json.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["to"]));
    const bad = await send(s.key, { from: s.from, to: ["not an address"], subject: "s", text: "x", scheduled_at: "not a date" });
    expect(bad.json.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(["to.0", "scheduled_at"]));
  });

  it("accepts exactly as many concurrent sends as there are credits", async () => {
    const s = await sender();
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 10 } });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(s.key, { from: s.from, to: [`r${i}@x.example`], subject: "s", text: "x" })),
    );
    const ok = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 403);
    expect(ok).toBe(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.json.error.code === "insufficient_credits")).toBe(true);
    const account = await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } });
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(ok);
    expect(account.creditBalance).toBe(10 - ok);
  });

  it("creates one email for concurrent requests with one Idempotency-Key", async () => {
    const s = await sender();
    const body = { from: s.from, to: ["idem@x.example"], subject: "once", text: "x" };
    const results = await Promise.all(Array.from({ length: 20 }, () => send(s.key, body, { "idempotency-key": "order-42" })));
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.json.id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(1);

    const replay = await send(s.key, body, { "idempotency-key": "order-42" });
    expect(replay.status).toBe(201);
    expect(replay.json.id).toBe([...ids][0]);
    const other = await send(s.key, { ...body, subject: "changed" }, { "idempotency-key": "order-42" });
    expect(other.status).toBe(409);
  });

  it("sends batches all or nothing, ids in order", async () => {
    const s = await sender();
    const ok = await call(batchRoute, {
      method: "POST",
      path: "/api/v1/emails/batch",
      key: s.key,
      body: [0, 1, 2].map((i) => ({ from: s.from, to: `b${i}@x.example`, subject: `n${i}`, text: "x" })),
    });
    expect(ok.status).toBe(201);
    expect(ok.json.data).toHaveLength(3);
    const subjects = await Promise.all(
      ok.json.data.map(async ({ id }: { id: string }) => (await getDb().email.findUniqueOrThrow({ where: { id } })).subject),
    );
    expect(subjects).toEqual(["n0", "n1", "n2"]);

    const before = await getDb().email.count({ where: { accountId: s.accountId } });
    const bad = await call(batchRoute, {
      method: "POST",
      path: "/api/v1/emails/batch",
      key: s.key,
      body: [
        { from: s.from, to: "a@x.example", subject: "s", text: "x" },
        { from: s.from, to: "nope", subject: "s" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain("index 1");
    expect(bad.json.error.details[0].path).toMatch(/^1\./);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(before);
    const tooMany = await call(batchRoute, { method: "POST", path: "/", key: s.key, body: Array.from({ length: 101 }, () => ({})) });
    expect(tooMany.status).toBe(400);
  });

  it("lists scheduled emails and cancels one with a refund; it is never sent", async () => {
    const s = await sender();
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await send(s.key, {
      from: s.from,
      to: ["later@x.example", "later2@x.example"],
      subject: "later",
      text: "x",
      scheduled_at: at,
    });
    expect(res.status).toBe(201);
    const balance = (await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance;
    const scheduled = await call(scheduledRoute, { path: "/api/v1/emails/scheduled", key: s.key });
    expect(scheduled.json.data.map((e: { id: string }) => e.id)).toEqual([res.json.id]);

    const cancelled = await call(cancelRoute, { method: "DELETE", path: "/", key: s.key, params: { id: res.json.id } });
    expect(cancelled.json).toEqual({ id: res.json.id, status: "cancelled" });
    expect((await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(balance + 2);
    const twice = await call(cancelRoute, { method: "DELETE", path: "/", key: s.key, params: { id: res.json.id } });
    expect(twice.status).toBe(409);

    await deliverEmail(res.json.id);
    expect(receiver.messages.some((m) => m.rcptTo.includes("later@x.example"))).toBe(false);
  });

  it("filters the email list by status and tag and hides other accounts' emails", async () => {
    const s = await sender();
    const other = await sender();
    await send(s.key, { from: s.from, to: ["t@x.example"], subject: "tagged", text: "x", tags: [{ name: "campaign", value: "fall" }] });
    await send(s.key, { from: s.from, to: ["t@x.example"], subject: "plain", text: "x" });
    const tagged = await call(listRoute, { path: "/api/v1/emails?tag=campaign:fall", key: s.key });
    expect(tagged.json.data.map((e: { subject: string }) => e.subject)).toEqual(["tagged"]);
    const all = await call(listRoute, { path: "/api/v1/emails?status=queued", key: s.key });
    expect(all.json.pagination.total).toBe(2);
    const foreign = await call(getRoute, { path: "/", key: other.key, params: { id: tagged.json.data[0].id } });
    expect(foreign.status).toBe(404);
  });

  it("never redirects an unknown or wrong-kind token", async () => {
    const res = await clickRoute(new Request("http://mw.test/t/c/unknownTokenunknownToken12345678"), {
      params: Promise.resolve({ token: "unknownTokenunknownToken12345678" }),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("location")).toBeNull();
    const evil = await clickRoute(new Request("http://mw.test/t/c/x"), { params: Promise.resolve({ token: "https://evil.example" }) });
    expect(evil.status).toBe(404);
  });
});
