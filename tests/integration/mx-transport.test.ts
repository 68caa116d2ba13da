import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "mailauth";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { now, setClock } from "@/lib/clock/clock";
import { newWorkerId } from "@/lib/jobs/claim-jobs";
import { runJobById } from "@/lib/jobs/run-job-by-id";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { runnableJob } from "@/lib/jobs/handlers";
import { getTransport } from "@/lib/transports/get-transport";
import { mxTransport } from "@/lib/transports/mx-transport";
import { openMxPoolCount } from "@/lib/transports/mx-pools";
import { loadTlsCredentials } from "@/lib/relay/tls-credentials";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { startSmtpReceiver } from "../helpers/smtp-receiver";

// Direct MX delivery against real parts: a DNS server on loopback publishes the recipient
// domains' MX and A records, and SMTP receivers listen on loopback addresses (127.0.0.x) at
// one port, MX_PORT. 127.0.0.3 has nothing listening: a host that is down.

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
let dns: TestDnsServer;
let receiver: Receiver; // 127.0.0.1: offers STARTTLS, answers RCPT as `script` says
let busy: Receiver; // 127.0.0.2: 421 at greeting
let closed: Receiver; // 127.0.0.4: 554 at greeting
let capped: Receiver; // 127.0.0.5: accepts everything, for the per-host connection cap
const DOWN = "127.0.0.3";
const HELO = "mta.mailwright.test";

/** Replies to RCPT per address, one code per attempt; 250 once the list is used up. */
const script = new Map<string, number[]>();

const ENV = [
  "MAIL_TRANSPORT",
  "MX_PORT",
  "DNS_SERVERS",
  "SMTP_PUBLIC_HOST",
  "ENABLE_TEST_CLOCK",
  "APP_URL",
  "MX_MAX_CONNECTIONS_PER_HOST",
  "MX_ALLOW_PRIVATE",
];

beforeAll(async () => {
  dns = await startDnsServer();
  const tls = await loadTlsCredentials();
  receiver = await startSmtpReceiver((rcpt) => script.get(rcpt)?.shift() ?? 250, { tls });
  busy = await startSmtpReceiver(undefined, { host: "127.0.0.2", port: receiver.port, greeting: 421 });
  closed = await startSmtpReceiver(undefined, { host: "127.0.0.4", port: receiver.port, greeting: 554 });
  capped = await startSmtpReceiver(undefined, { host: "127.0.0.5", port: receiver.port });
  Object.assign(process.env, {
    MAIL_TRANSPORT: "mx",
    MX_PORT: String(receiver.port),
    DNS_SERVERS: dns.address,
    SMTP_PUBLIC_HOST: HELO,
    ENABLE_TEST_CLOCK: "1",
    APP_URL: "http://mw.test",
    // Every receiver here is on loopback: refused without this, in any APP_ENV.
    MX_ALLOW_PRIVATE: "1",
  });
  resetEnvCache();
});

afterAll(async () => {
  await mxTransport.close?.();
  await Promise.all([receiver, busy, closed, capped].map((r) => r?.close()));
  await dns?.close();
  for (const name of ENV) delete process.env[name];
  resetEnvCache();
});

/** A recipient domain of this test's own. */
const newDomain = () => `rcpt${randomBase62(8).toLowerCase()}.example`;

async function sender() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domain: domain.domain, from: `Acme <hello@${domain.domain}>` };
}

async function send(key: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });
  expect(res.status).toBe(201);
  return res.json.id;
}

/** Runs this email's due `email.send` jobs the way a worker would (claim, run, record). */
async function runDue(emailId: string): Promise<number> {
  const jobs = await getDb().job.findMany({
    where: { name: emailSendJob.id, status: "pending", runAt: { lte: now() }, payload: { path: ["emailId"], equals: emailId } },
  });
  for (const job of jobs) {
    const result = await runJobById(runnableJob(emailSendJob), job.id, { workerId: newWorkerId("test"), lockSeconds: 60 });
    expect(result.status).toBe("completed");
  }
  return jobs.length;
}

async function record(key: string, id: string) {
  const res = await call(getRoute, { path: `/api/v1/emails/${id}`, key, params: { id } });
  return res.json as {
    status: string;
    recipients: { email: string; status: string }[];
    events: { type: string; data: Record<string, unknown> & { bounce?: { type: string; code: number; message: string } } }[];
  };
}

const types = (r: Awaited<ReturnType<typeof record>>) => r.events.map((e) => e.type);
const receivedBy = (r: Receiver, to: string) => r.messages.filter((m) => m.rcptTo.includes(to));

describe("direct MX delivery", () => {
  it("is the transport MAIL_TRANSPORT=mx selects", () => {
    expect(getTransport()).toBe(mxTransport);
  });

  it("delivers to the domain's MX over STARTTLS, DKIM-signed, and records email.delivered", async () => {
    const s = await sender();
    const d = newDomain();
    dns.mx(d, { exchange: `mx.${d}`, priority: 10 });
    dns.a(`mx.${d}`, "127.0.0.1");
    const to = `ann@${d}`;
    const id = await send(s.key, { from: s.from, to: [to], subject: "Hello", html: "<p>Hi Ann</p>" });
    expect(await runDue(id)).toBe(1);

    const [got] = receivedBy(receiver, to);
    expect(got).toBeDefined();
    expect(got.secure).toBe(true);
    expect(got.helo).toBe(HELO);
    expect(got.mailFrom).toMatch(new RegExp(`^bounce\\+[0-9A-Za-z]+@send\\.${s.domain.replace(/\./g, "\\.")}$`));

    // An independent verifier checks the signature against the record we publish.
    const row = await getDb().domain.findFirstOrThrow({ where: { domain: s.domain } });
    const dkim = (row.records as { name: string; value: string }[]).find((r) => r.name.includes("._domainkey."))!;
    const verdict = await authenticate(got.raw, {
      ip: "127.0.0.1",
      helo: HELO,
      sender: got.mailFrom,
      mta: "receiver.test",
      resolver: async (name: string, type: string) => {
        if (type === "TXT" && name === dkim.name) return [[dkim.value]];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      },
    });
    expect(verdict.dkim.results[0].status.result).toBe("pass");

    const email = await record(s.key, id);
    expect(email.status).toBe("delivered");
    expect(types(email)).toEqual(["email.queued", "email.sent", "email.delivered"]);
    expect(email.events[2].data.smtp_response).toMatch(/^250 /);
  });

  it("defers a 451 and delivers on the retry after the backoff", async () => {
    const s = await sender();
    const d = newDomain();
    dns.mx(d, { exchange: `mx.${d}`, priority: 10 });
    dns.a(`mx.${d}`, "127.0.0.1");
    const to = `later@${d}`;
    script.set(to, [451]);
    const id = await send(s.key, { from: s.from, to: [to], subject: "Retry", text: "x" });
    await runDue(id);

    const deferred = await getDb().emailRecipient.findFirstOrThrow({ where: { emailId: id } });
    expect(deferred).toMatchObject({ status: "deferred", attempts: 1 });
    expect(deferred.lastResponse).toMatch(/^451 /);
    expect(receivedBy(receiver, to)).toHaveLength(0);
    const retry = await getDb().job.findFirstOrThrow({ where: { dedupeKey: { startsWith: `email.retry:${id}:` } } });
    expect(retry.runAt.getTime()).toBe(deferred.nextAttemptAt!.getTime());
    expect(retry.runAt.getTime()).toBeGreaterThan(now().getTime());
    expect(await runDue(id)).toBe(0); // not due yet

    await setClock({ advanceMinutes: 2 });
    expect(await runDue(id)).toBe(1);
    expect(receivedBy(receiver, to)).toHaveLength(1);
    const email = await record(s.key, id);
    expect(email.status).toBe("delivered");
    expect(types(email)).toEqual(["email.queued", "email.sent", "email.deferred", "email.delivered"]);
  });

  it("turns a 550 into a hard bounce that suppresses the address", async () => {
    const s = await sender();
    const d = newDomain();
    dns.mx(d, { exchange: `mx.${d}`, priority: 10 });
    dns.a(`mx.${d}`, "127.0.0.1");
    const to = `gone@${d}`;
    script.set(to, [550]);
    const id = await send(s.key, { from: s.from, to: [to], subject: "Bounce", text: "x" });
    await runDue(id);

    const email = await record(s.key, id);
    expect(email.status).toBe("bounced");
    expect(email.events.find((e) => e.type === "email.bounced")?.data.bounce).toMatchObject({ type: "hard", code: 550 });
    expect(await getDb().suppression.count({ where: { accountId: s.accountId, email: to } })).toBe(1);
    expect(receivedBy(receiver, to)).toHaveLength(0);
  });

  it("refuses MX hosts on loopback or private addresses without MX_ALLOW_PRIVATE, with APP_ENV unset", async () => {
    const s = await sender();
    const d = newDomain();
    dns.mx(d, { exchange: `mx.${d}`, priority: 10 });
    dns.a(`mx.${d}`, "127.0.0.1");
    const to = `inside@${d}`;
    const id = await send(s.key, { from: s.from, to: [to], subject: "Inside", text: "x" });
    const saved = { allow: process.env.MX_ALLOW_PRIVATE, appEnv: process.env.APP_ENV };
    delete process.env.MX_ALLOW_PRIVATE;
    delete process.env.APP_ENV;
    resetEnvCache();
    try {
      await runDue(id);
    } finally {
      process.env.MX_ALLOW_PRIVATE = saved.allow;
      if (saved.appEnv !== undefined) process.env.APP_ENV = saved.appEnv;
      resetEnvCache();
    }
    expect(receivedBy(receiver, to)).toHaveLength(0);
    const email = await record(s.key, id);
    expect(email.status).toBe("bounced");
    const bounce = email.events.find((e) => e.type === "email.bounced")?.data.bounce;
    expect(bounce?.message).toMatch(/127\.0\.0\.1 is a loopback address \(set MX_ALLOW_PRIVATE=1/);
  });

  it("tries MX hosts by preference, moving on from a 4xx greeting and a refused connection", async () => {
    const s = await sender();
    const d = newDomain();
    // Listed out of order: the resolver's order must not matter.
    dns.mx(
      d,
      { exchange: `mx30.${d}`, priority: 30 },
      { exchange: `mx10.${d}`, priority: 10 },
      { exchange: `mx20.${d}`, priority: 20 },
      { exchange: `mx5.${d}`, priority: 5 },
    );
    dns.a(`mx5.${d}`, "127.0.0.2"); // 421 at greeting
    dns.a(`mx10.${d}`, DOWN); // connection refused
    dns.a(`mx20.${d}`, "127.0.0.1");
    dns.a(`mx30.${d}`, "127.0.0.1");
    const greetedBefore = busy.stats.connections;
    const to = `pref@${d}`;
    const id = await send(s.key, { from: s.from, to: [to], subject: "Pref", text: "x" });
    await runDue(id);

    expect((await record(s.key, id)).status).toBe("delivered");
    expect(receivedBy(receiver, to)).toHaveLength(1);
    expect(busy.stats.connections).toBeGreaterThan(greetedBefore);
    expect(dns.queries(`mx10.${d}`)).toBeGreaterThan(0);
    expect(dns.queries(`mx30.${d}`)).toBe(0); // never needed
  });

  it("falls back to the domain's A record when it has no MX", async () => {
    const s = await sender();
    const d = newDomain();
    dns.a(d, "127.0.0.1");
    const to = `implicit@${d}`;
    const id = await send(s.key, { from: s.from, to: [to], subject: "Implicit MX", text: "x" });
    await runDue(id);

    expect((await record(s.key, id)).status).toBe("delivered");
    expect(receivedBy(receiver, to)).toHaveLength(1);
  });

  it("hard-bounces a domain that publishes a null MX", async () => {
    const s = await sender();
    const d = newDomain();
    dns.mx(d, { exchange: ".", priority: 0 });
    dns.a(d, "127.0.0.1"); // must not be used
    const to = `nobody@${d}`;
    const id = await send(s.key, { from: s.from, to: [to], subject: "Null MX", text: "x" });
    await runDue(id);

    const email = await record(s.key, id);
    expect(email.status).toBe("bounced");
    expect(email.events.find((e) => e.type === "email.bounced")?.data.bounce).toMatchObject({ type: "hard", code: 556 });
    expect(await getDb().suppression.count({ where: { accountId: s.accountId, email: to } })).toBe(1);
    expect(receivedBy(receiver, to)).toHaveLength(0);
  });
});

describe("direct MX outcomes without a reply to RCPT", () => {
  const message = (recipient: string) => ({
    envelopeFrom: "bounce+t@send.sender.example",
    recipient,
    content: { raw: Buffer.from(`From: a@sender.example\r\nTo: ${recipient}\r\nSubject: t\r\n\r\nbody\r\n`) },
    meta: { accountId: "acc_x", emailId: "em_x", recipientId: "rcp_x", from: "a@sender.example", to: [recipient], subject: "t" },
  });

  it("is temporary when every host is down, permanent when every host refuses with 5xx", async () => {
    const down = newDomain();
    dns.mx(down, { exchange: `mx.${down}`, priority: 10 });
    dns.a(`mx.${down}`, DOWN);
    expect(await mxTransport.send(message(`a@${down}`))).toMatchObject({ kind: "soft_bounce", code: 451 });

    const mixed = newDomain();
    dns.mx(mixed, { exchange: `a.${mixed}`, priority: 10 }, { exchange: `b.${mixed}`, priority: 20 });
    dns.a(`a.${mixed}`, "127.0.0.4"); // 554
    dns.a(`b.${mixed}`, "127.0.0.2"); // 421
    expect(await mxTransport.send(message(`a@${mixed}`))).toMatchObject({ kind: "soft_bounce" });

    const refusing = newDomain();
    dns.mx(refusing, { exchange: `mx.${refusing}`, priority: 10 });
    dns.a(`mx.${refusing}`, "127.0.0.4");
    expect(await mxTransport.send(message(`a@${refusing}`))).toMatchObject({ kind: "hard_bounce", code: 554 });
  });

  it("is temporary on a DNS failure, permanent for a domain that does not exist", async () => {
    const broken = newDomain();
    dns.fail(broken, "SERVFAIL");
    expect(await mxTransport.send(message(`a@${broken}`))).toMatchObject({ kind: "soft_bounce", code: 451 });
    expect(await mxTransport.send(message(`a@${newDomain()}`))).toMatchObject({ kind: "hard_bounce", code: 550 });

    const hostless = newDomain();
    dns.mx(hostless, { exchange: `missing.${hostless}`, priority: 10 });
    expect(await mxTransport.send(message(`a@${hostless}`))).toMatchObject({ kind: "hard_bounce", code: 550 });
  });

  it("keeps at most MX_MAX_CONNECTIONS_PER_HOST connections per host and reuses them", async () => {
    await mxTransport.close?.();
    process.env.MX_MAX_CONNECTIONS_PER_HOST = "2";
    resetEnvCache();
    const d = newDomain();
    dns.mx(d, { exchange: `mx.${d}`, priority: 10 });
    dns.a(`mx.${d}`, "127.0.0.5");
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => mxTransport.send(message(`r${i}@${d}`))));
    expect(outcomes.every((o) => o.kind === "delivered")).toBe(true);
    expect(capped.messages).toHaveLength(8);
    expect(capped.stats.maxOpen).toBeLessThanOrEqual(2);
    expect(capped.stats.connections).toBeLessThanOrEqual(2);
    expect(openMxPoolCount()).toBe(1);
    await mxTransport.close?.();
    expect(openMxPoolCount()).toBe(0);
  });
});
