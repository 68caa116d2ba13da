import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import nodemailer from "nodemailer";
import { Resend, type ListReceivingEmail } from "resend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getEmailRoute } from "@/app/api/v1/emails/[id]/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as forwardRoute } from "@/app/api/v1/emails/receiving/[id]/forward/route";
import { resetEnvCache } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { runnableJobs } from "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { startInboundServer, type InboundServer } from "@/lib/receiving/inbound-server";
import { processInboundJob } from "@/lib/receiving/process-inbound-job";
import { processInboundMessage } from "@/lib/receiving/process-inbound-messages";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { call, makeAccount } from "../helpers/api";
import { startApiServer, type ApiServer } from "../helpers/api-server";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { makeVerifiedDomain } from "../helpers/domains";
import { openRawSmtp } from "../helpers/raw-smtp";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

// Receiving mail end to end: real SMTP clients (nodemailer, swaks, a raw socket) deliver to the
// inbound server; the official resend SDK reads, downloads and forwards what arrived; webhooks
// reach a real HTTP receiver.

let inbound: InboundServer;
let server: ApiServer;
let dns: TestDnsServer;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  process.env.INBOUND_MAX_MESSAGE_BYTES = String(64 * 1024);
  process.env.INBOUND_MAX_ATTACHMENT_BYTES = String(16 * 1024);
  process.env.INBOUND_MAX_PARTS = "10";
  resetEnvCache();
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  inbound = await startInboundServer({ port: 0, host: "127.0.0.1" });
  server = await startApiServer();
  process.env.RESEND_BASE_URL = server.baseUrl;
});

afterAll(async () => {
  await inbound?.close();
  await server?.close();
  for (const name of [
    "WEBHOOK_ALLOW_PRIVATE",
    "INBOUND_MAX_MESSAGE_BYTES",
    "INBOUND_MAX_ATTACHMENT_BYTES",
    "INBOUND_MAX_PARTS",
    "RESEND_BASE_URL",
  ]) {
    delete process.env[name];
  }
  resetEnvCache();
});

/** An account with a verified domain that receives mail (turned on through the SDK). */
async function receivingAccount(addresses?: string[]) {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  const resend = new Resend(account.key);
  const updated = await resend.domains.update({ id: domain.id, capabilities: { receiving: "enabled" } });
  expect(updated.error).toBeNull();
  if (addresses) await getDb().domain.update({ where: { id: domain.id }, data: { receivingAddresses: addresses } });
  return { ...account, ...domain, resend };
}

const transport = () =>
  nodemailer.createTransport({ host: "127.0.0.1", port: inbound.port, secure: false, tls: { rejectUnauthorized: false } });

const storedCount = (accountId: string) => getDb().receivedEmail.count({ where: { accountId } });
const spooledCount = (accountId: string) => getDb().inboundMessage.count({ where: { accountId } });

/** Runs the receiving.process jobs the accepted messages queued, as the worker's poller does. */
async function processReceived(accountId: string) {
  expect(await spooledCount(accountId)).toBeGreaterThan(0);
  await runDueJobsOnce({ jobs: runnableJobs(processInboundJob), schedules: false, limit: 50 });
  expect(await spooledCount(accountId)).toBe(0);
}

describe("receiving: domains", () => {
  it("domains.create with capabilities.receiving lists the MX to publish; domains.update turns it off and on", async () => {
    const account = await makeAccount();
    const resend = new Resend(account.key);
    const name = `rx${randomBase62(8).toLowerCase()}.example`;
    const created = await resend.domains.create({ name, capabilities: { receiving: "enabled" } });
    expect(created.error).toBeNull();
    expect(created.data!.capabilities).toEqual({ sending: "enabled", receiving: "enabled" });
    const records = created.data!.records as unknown as { purpose: string; type: string; name: string; priority: number }[];
    expect(records.find((r) => r.purpose === "receiving MX")).toMatchObject({ type: "MX", name, priority: 10 });

    expect((await resend.domains.update({ id: created.data!.id, capabilities: { receiving: "disabled" } })).error).toBeNull();
    const off = await resend.domains.get(created.data!.id);
    expect(off.data!.capabilities.receiving).toBe("disabled");
    expect((off.data!.records as unknown as { purpose: string }[]).some((r) => r.purpose === "receiving MX")).toBe(false);

    const bad = await resend.domains.update({ id: created.data!.id, capabilities: { sending: "disabled" } });
    expect(bad.error).toMatchObject({ statusCode: 400 });
  });

  it("the DNS check checks the receiving MX while receiving is on, without it deciding verification", async () => {
    const account = await makeAccount();
    const resend = new Resend(account.key);
    const name = `rx${randomBase62(8).toLowerCase()}.example`;
    const created = await resend.domains.create({ name, capabilities: { receiving: "enabled" } });
    for (const r of created.data!.records as unknown as { type: string; name: string; value: string; priority?: number }[]) {
      if (r.type === "TXT") dns.txt(r.name, r.value);
      else if (r.name !== name) dns.mx(r.name, { exchange: r.value, priority: r.priority ?? 10 });
    }
    const verify = () =>
      fetch(`${server.baseUrl}/domains/${created.data!.id}/verify`, {
        method: "POST",
        headers: { authorization: `Bearer ${account.key}` },
      });
    const missing = await (await verify()).json();
    expect(missing).toMatchObject({ status: "verified", dns: { mx: true, receiving: false } });
    expect(missing.lastCheck.problems.map((p: { code: string }) => p.code)).toContain("receiving_mx_missing");

    const receivingMx = (created.data!.records as unknown as { purpose: string; value: string }[]).find(
      (r) => r.purpose === "receiving MX",
    )!;
    dns.mx(name, { exchange: receivingMx.value, priority: 10 });
    const found = await (await verify()).json();
    expect(found.dns.receiving).toBe(true);
    expect(found.records.find((r: { purpose: string }) => r.purpose === "receiving MX").status).toBe("verified");
  });
});

describe("receiving: SMTP clients and the SDK", () => {
  it("nodemailer delivers; the SDK lists, reads (data_uri and cid), downloads an attachment and the raw source", async () => {
    const rx = await receivingAccount();
    const pixel = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    const info = await transport().sendMail({
      from: "Ann <ann@sender.example>",
      to: `support@${rx.domain}`,
      cc: "cc@elsewhere.example",
      subject: "Help with my order",
      text: "Order 42 is late",
      html: '<p>Order 42 is late</p><img src="cid:logo@ann">',
      attachments: [
        { filename: "order.txt", content: "order 42 details" },
        { filename: "logo.png", content: pixel, cid: "logo@ann", contentType: "image/png" },
      ],
    });
    expect(info.response).toMatch(/^250 .*received as rcv_/);
    // The 250 came after the raw source was committed; the job parses and stores it.
    const acceptedId = /received as (rcv_\w+)/.exec(info.response)![1];
    expect(await getDb().inboundMessage.findUnique({ where: { id: acceptedId } })).toMatchObject({ mailFrom: "ann@sender.example" });
    expect(await storedCount(rx.accountId)).toBe(0);
    await processReceived(rx.accountId);

    const list = await rx.resend.emails.receiving.list();
    expect(list.error).toBeNull();
    expect(list.data!.data).toHaveLength(1);
    const summary = list.data!.data[0];
    expect(summary).toMatchObject({
      from: "Ann <ann@sender.example>",
      to: [`support@${rx.domain}`],
      cc: ["cc@elsewhere.example"],
      received_for: [`support@${rx.domain}`],
      subject: "Help with my order",
    });
    expect(summary.attachments.map((a) => a.filename).sort()).toEqual(["logo.png", "order.txt"]);

    const got = await rx.resend.emails.receiving.get(summary.id);
    expect(got.error).toBeNull();
    expect(got.data!.text).toContain("Order 42 is late");
    expect(got.data!.html).toContain(`data:image/png;base64,${pixel.toString("base64")}`);
    expect(got.data!.headers!.subject).toBe("Help with my order");
    const cid = await rx.resend.emails.receiving.get(summary.id, { html_format: "cid" });
    expect(cid.data!.html).toContain('src="cid:logo@ann"');

    const attachments = await rx.resend.emails.receiving.attachments.list({ emailId: summary.id });
    expect(attachments.error).toBeNull();
    const order = attachments.data!.data.find((a) => a.filename === "order.txt")!;
    const one = await rx.resend.emails.receiving.attachments.get({ emailId: summary.id, id: order.id });
    expect(one.data).toMatchObject({ object: "attachment", id: order.id, content_type: "text/plain", size: 16 });
    const file = await fetch(one.data!.download_url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("order 42 details");
    expect(new Date(one.data!.expires_at).getTime()).toBeGreaterThan(Date.now());

    const raw = await fetch(got.data!.raw!.download_url);
    expect(raw.headers.get("content-type")).toBe("message/rfc822");
    expect(await raw.text()).toContain("Subject: Help with my order");
    // An altered link opens nothing.
    expect((await fetch(got.data!.raw!.download_url.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).status).toBe(404);

    // Another account sees none of it.
    const other = new Resend((await makeAccount()).key);
    expect((await other.emails.receiving.get(summary.id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.emails.receiving.list()).data!.data).toEqual([]);
  });

  it.runIf(existsSync("/usr/bin/swaks"))("swaks delivers over STARTTLS", async () => {
    const rx = await receivingAccount();
    const { stdout } = await promisify(execFile)("swaks", [
      "--server",
      `127.0.0.1:${inbound.port}`,
      "--tls",
      "--from",
      "bob@sender.example",
      "--to",
      `hello@${rx.domain}`,
      "--header",
      "Subject: from swaks",
      "--body",
      "sent by swaks",
    ]);
    expect(stdout).toMatch(/<~\s+250 2\.0\.0 received as rcv_/);
    await processReceived(rx.accountId);
    const [row] = await getDb().receivedEmail.findMany({ where: { accountId: rx.accountId } });
    expect(row).toMatchObject({ subject: "from swaks", mailFrom: "bob@sender.example", receivedFor: [`hello@${rx.domain}`] });
    expect(row.text).toContain("sent by swaks");
    // Loopback has no SPF record to check, and the message is unsigned.
    expect(row.authResults).toMatchObject({ dkim: "none" });
  });

  it("forwards: the SDK's passthrough and the forward route both send through the pipeline, credits and all", async () => {
    const rx = await receivingAccount();
    await transport().sendMail({
      from: "ann@sender.example",
      to: `support@${rx.domain}`,
      subject: "Invoice",
      text: "see attached",
      attachments: [{ filename: "invoice.txt", content: "total 10" }],
    });
    await processReceived(rx.accountId);
    const [received] = (await rx.resend.emails.receiving.list()).data!.data;
    const balance = async () => (await getDb().account.findUniqueOrThrow({ where: { id: rx.accountId } })).creditBalance;
    const before = await balance();

    const sdk = await rx.resend.emails.receiving.forward({
      emailId: received.id,
      from: `Desk <desk@${rx.domain}>`,
      to: "team@example.org",
    });
    expect(sdk.error).toBeNull();
    const passed = await getDb().email.findUniqueOrThrow({ where: { id: sdk.data!.id } });
    expect(passed).toMatchObject({ subject: "Invoice", to: ["team@example.org"] });
    expect((passed.attachments as { filename: string }[]).map((a) => a.filename)).toEqual(["invoice.txt"]);

    const res = await call(forwardRoute, {
      method: "POST",
      path: `/api/v1/emails/receiving/${received.id}/forward`,
      key: rx.key,
      params: { id: received.id },
      body: { from: `desk@${rx.domain}`, to: ["lead@example.org"], passthrough: false, text: "FYI" },
    });
    expect(res.status).toBe(201);
    const wrapped = await getDb().email.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(wrapped).toMatchObject({ subject: "Fwd: Invoice", text: "FYI" });
    expect(wrapped.attachments).toMatchObject([{ filename: "forwarded_message.eml", content_type: "message/rfc822" }]);
    expect(await balance()).toBe(before - 2);

    const refused = await call(forwardRoute, {
      method: "POST",
      path: `/api/v1/emails/receiving/${received.id}/forward`,
      key: rx.key,
      params: { id: received.id },
      body: { from: "someone@not-ours.example", to: "lead@example.org" },
    });
    expect(refused.status).toBe(403);

    // An Idempotency-Key replays the forward it first sent; the same key on POST /emails
    // (another request) is a 409, not that forward's answer.
    const keyed = (body: unknown) =>
      call(forwardRoute, {
        method: "POST",
        path: `/api/v1/emails/receiving/${received.id}/forward`,
        key: rx.key,
        params: { id: received.id },
        headers: { "idempotency-key": "fwd-1" },
        body,
      });
    const first = await keyed({ from: `desk@${rx.domain}`, to: "again@example.org" });
    expect(first.status).toBe(201);
    const replay = await keyed({ from: `desk@${rx.domain}`, to: "again@example.org" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.id).toBe(first.json.id);
    expect(await balance()).toBe(before - 3);
    expect((await keyed({ from: `desk@${rx.domain}`, to: "other@example.org" })).status).toBe(409);
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: rx.key,
      headers: { "idempotency-key": "fwd-1" },
      body: { from: `desk@${rx.domain}`, to: "again@example.org", subject: "Invoice", text: "see attached" },
    });
    expect(sent.status).toBe(409);
  });

  it("an email.received webhook arrives signed with the message's fields and attachment metadata", async () => {
    const rx = await receivingAccount();
    const receiver = await startWebhookReceiver();
    try {
      const hook = await rx.resend.webhooks.create({ endpoint: receiver.url("/in"), events: ["email.received"] });
      expect(hook.error).toBeNull();
      await transport().sendMail({
        from: "ann@sender.example",
        to: `support@${rx.domain}`,
        bcc: `hidden@${rx.domain}`,
        subject: "Webhook please",
        text: "hi",
        attachments: [{ filename: "a.txt", content: "aaa" }],
      });
      await processReceived(rx.accountId);
      await runDueJobsOnce({ jobs: runnableJobs(deliverWebhookJob), schedules: false, limit: 50 });
      await receiver.waitForRequests(1);
      const [got] = receiver.requests;
      const header = (name: string) => String(got.headers[name]);
      const event = rx.resend.webhooks.verify({
        payload: got.body,
        headers: { id: header("webhook-id"), timestamp: header("webhook-timestamp"), signature: header("webhook-signature") },
        webhookSecret: hook.data!.signing_secret,
      });
      expect(event).toMatchObject({
        type: "email.received",
        data: {
          from: "ann@sender.example",
          to: [`support@${rx.domain}`],
          bcc: [`hidden@${rx.domain}`],
          received_for: [`support@${rx.domain}`, `hidden@${rx.domain}`],
          subject: "Webhook please",
          attachments: [{ filename: "a.txt", content_type: "text/plain", content_disposition: "attachment" }],
        },
      });
    } finally {
      await receiver.close();
    }
  });

  it("a reply to a sent email links to it and shows on its timeline", async () => {
    const rx = await receivingAccount();
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: rx.key,
      body: { from: `Acme <news@${rx.domain}>`, to: "ann@sender.example", subject: "Spring news", text: "hello" },
    });
    expect(sent.status).toBe(201);
    await deliverEmail(sent.json.id);
    const recipient = await getDb().emailRecipient.findFirstOrThrow({ where: { emailId: sent.json.id } });
    expect(recipient.messageId).toBeTruthy();

    await transport().sendMail({
      from: "ann@sender.example",
      to: `news@${rx.domain}`,
      subject: "Re: Spring news",
      text: "thanks!",
      inReplyTo: recipient.messageId!,
      references: ["<unrelated@elsewhere.example>", recipient.messageId!],
    });
    await processReceived(rx.accountId);
    // Mailwright's field beside the SDK's shape.
    const [reply] = (await rx.resend.emails.receiving.list()).data!.data as (ListReceivingEmail & {
      in_reply_to_email_id: string | null;
    })[];
    expect(reply.in_reply_to_email_id).toBe(sent.json.id);
    const email = await call(getEmailRoute, { path: `/api/v1/emails/${sent.json.id}`, key: rx.key, params: { id: sent.json.id } });
    const replied = email.json.events.find((e: { type: string }) => e.type === "email.replied");
    expect(replied).toMatchObject({ data: { received_email_id: reply.id, subject: "Re: Spring news" } });
  });
});

describe("receiving: hostile input", () => {
  it("a recipient at a domain not receiving here is a 550 (no relaying), and so is an address off the list", async () => {
    const rx = await receivingAccount(["support"]);
    const smtp = await openRawSmtp(inbound.port);
    try {
      expect(await smtp.send("EHLO client.example\r\n")).toMatch(/^250 /);
      expect(await smtp.send("MAIL FROM:<a@sender.example>\r\n")).toMatch(/^250 /);
      expect(await smtp.send("RCPT TO:<anyone@gmail.com>\r\n")).toMatch(/^550 5\.7\.1 relaying denied/);
      const notReceiving = await makeVerifiedDomain((await makeAccount()).accountId);
      expect(await smtp.send(`RCPT TO:<x@${notReceiving.domain}>\r\n`)).toMatch(/^550 5\.7\.1/);
      expect(await smtp.send(`RCPT TO:<sales@${rx.domain}>\r\n`)).toMatch(/^550 5\.1\.1/);
      expect(await smtp.send(`RCPT TO:<Support@${rx.domain}>\r\n`)).toMatch(/^250 /);
    } finally {
      smtp.close();
    }
  });

  it("oversized messages, attachments and part counts get 552 and leave nothing stored", async () => {
    const rx = await receivingAccount();
    const to = `support@${rx.domain}`;
    const declared = await openRawSmtp(inbound.port);
    try {
      await declared.send("EHLO client.example\r\n");
      expect(await declared.send(`MAIL FROM:<a@sender.example> SIZE=${1024 * 1024}\r\n`)).toMatch(/^552 /);
    } finally {
      declared.close();
    }
    await expect(transport().sendMail({ from: "a@sender.example", to, subject: "big", text: "x".repeat(70 * 1024) })).rejects.toMatchObject(
      {
        responseCode: 552,
      },
    );
    await expect(
      transport().sendMail({
        from: "a@sender.example",
        to,
        subject: "big attachment",
        text: "see",
        attachments: [{ filename: "big.bin", content: Buffer.alloc(20 * 1024, 7) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining("per attachment") });
    await expect(
      transport().sendMail({
        from: "a@sender.example",
        to,
        subject: "many parts",
        text: "see",
        attachments: Array.from({ length: 12 }, (_, i) => ({ filename: `${i}.txt`, content: "x" })),
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining("MIME parts") });
    expect(await storedCount(rx.accountId)).toBe(0);
    expect(await spooledCount(rx.accountId)).toBe(0);
    expect(await getDb().receivedAttachment.count({ where: { accountId: rx.accountId } })).toBe(0);
  });

  it("a malformed message (bare LF, NUL byte) gets 550 and leaves nothing stored", async () => {
    const rx = await receivingAccount();
    for (const body of ["Subject: bare\nhello\r\n", "Subject: nul\r\n\r\nhel\u0000lo\r\n"]) {
      const smtp = await openRawSmtp(inbound.port);
      try {
        await smtp.send("EHLO client.example\r\n");
        await smtp.send("MAIL FROM:<a@sender.example>\r\n");
        expect(await smtp.send(`RCPT TO:<support@${rx.domain}>\r\n`)).toMatch(/^250 /);
        expect(await smtp.send("DATA\r\n")).toMatch(/^354 /);
        expect(await smtp.send(`${body}.\r\n`)).toMatch(/^550 5\.6\.0/);
      } finally {
        smtp.close();
      }
    }
    expect(await storedCount(rx.accountId)).toBe(0);
    expect(await spooledCount(rx.accountId)).toBe(0);
  });

  it("a spooled message is stored once, however many runs of its job meet", async () => {
    const rx = await receivingAccount();
    const info = await transport().sendMail({ from: "a@sender.example", to: `support@${rx.domain}`, subject: "once", text: "hi" });
    const id = /received as (rcv_\w+)/.exec(info.response)![1];
    const runs = await Promise.allSettled([processInboundMessage(id), processInboundMessage(id), processInboundMessage(id)]);
    expect(runs.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(await getDb().receivedEmail.findMany({ where: { accountId: rx.accountId }, select: { id: true, subject: true } })).toEqual([
      { id, subject: "once" },
    ]);
    expect(await spooledCount(rx.accountId)).toBe(0);
    // A run after the message was stored finds nothing left to do.
    await processInboundMessage(id);
    expect(await storedCount(rx.accountId)).toBe(1);
  });

  it("limits messages per sending address (451 past the limit)", async () => {
    process.env.INBOUND_RATE_LIMIT_PER_MINUTE = "2";
    resetEnvCache();
    const limited = await startInboundServer({ port: 0, host: "127.0.0.1" });
    delete process.env.INBOUND_RATE_LIMIT_PER_MINUTE;
    resetEnvCache();
    const localAddress = `127.0.0.${10 + Math.floor(Math.random() * 200)}`;
    const smtp = await openRawSmtp(limited.port, { localAddress });
    try {
      await smtp.send("EHLO client.example\r\n");
      const replies: string[] = [];
      for (let i = 0; i < 3; i++) {
        replies.push(await smtp.send("MAIL FROM:<a@sender.example>\r\n"));
        await smtp.send("RSET\r\n");
      }
      expect(replies.map((r) => r.slice(0, 3))).toEqual(["250", "250", "451"]);
    } finally {
      smtp.close();
      await limited.close();
    }
  });
});
