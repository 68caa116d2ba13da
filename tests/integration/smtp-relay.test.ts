import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { authenticate } from "mailauth";
import { simpleParser } from "mailparser";
import { GET as listRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { groupCommitStats } from "@/lib/emails/group-commit-accepted-emails";
import { smtpTransport } from "@/lib/transports/smtp-transport";
import { startWorker, stopWorker } from "@/lib/jobs/worker";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { startSmtpRelay, type SmtpRelay } from "@/lib/relay/relay-server";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { openRawSmtp, rawSmtpSession } from "../helpers/raw-smtp";
import { startSmtpReceiver } from "../helpers/smtp-receiver";

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
let receiver: Receiver;
let relay: SmtpRelay; // the defaults: AUTH only after STARTTLS
let cleartext: SmtpRelay; // SMTP_ALLOW_INSECURE_AUTH=1, for raw-socket sessions without TLS

/** A relay started with `env` set; the settings are read at start, so they are unset after. */
async function relayWith(env: Record<string, string>): Promise<SmtpRelay> {
  Object.assign(process.env, env);
  resetEnvCache();
  try {
    return await startSmtpRelay({ port: 0, host: "127.0.0.1" });
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
    resetEnvCache();
  }
}

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.SMTP_URL = receiver.url;
  resetEnvCache();
  relay = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
  cleartext = await relayWith({ SMTP_ALLOW_INSECURE_AUTH: "1" });
});

afterAll(async () => {
  await relay.close();
  await cleartext.close();
  await smtpTransport.close?.();
  await receiver.close();
  delete process.env.MAIL_TRANSPORT;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

async function sender(options: { scopes?: ("send:email" | "full_access")[] } = {}) {
  const account = await makeAccount(options);
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domain: domain.domain, from: `Acme <hello@${domain.domain}>` };
}

/** nodemailer through the relay, upgraded with STARTTLS to the self-signed certificate. */
const client = (key: string, port = relay.port, extra: Record<string, unknown> = {}) =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: "mailwright", pass: key },
    ...extra,
  });

const queuedId = (response: string) => /queued as (em_\w+)/.exec(response)?.[1] ?? /already accepted as (em_\w+)/.exec(response)?.[1];
const sendError = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { responseCode?: number; response?: string; command?: string }) => e,
  );
const tag = () => Math.random().toString(36).slice(2, 8);

async function dkimVerdict(raw: Buffer, mailFrom: string, domain: string) {
  const row = await getDb().domain.findFirstOrThrow({ where: { domain } });
  const record = (row.records as { name: string; value: string }[]).find((r) => r.name.includes("._domainkey."))!;
  const verdict = await authenticate(raw, {
    ip: "127.0.0.1",
    helo: "localhost",
    sender: mailFrom,
    mta: "receiver.test",
    resolver: async (name: string, type: string) => {
      if (type === "TXT" && name === record.name) return [[record.value]];
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    },
  });
  return verdict.dkim.results[0]?.status.result;
}

describe("SMTP relay", () => {
  it("relays a message with STARTTLS and AUTH: signed, attachment, custom header and Bcc intact", async () => {
    const s = await sender({ scopes: ["send:email"] });
    const to = `to-${tag()}@inbox.example`;
    const hidden = `bcc-${tag()}@inbox.example`;
    const attachment = Buffer.from("%PDF-1.4 not really a pdf \x00\x01\x02");
    const info = await client(s.key).sendMail({
      from: s.from,
      to,
      bcc: hidden,
      subject: "Relay report",
      text: "plain body",
      html: '<p>html body <img src="cid:logo@acme"></p>',
      headers: { "X-Campaign": "spring-2026" },
      attachments: [
        { filename: "report.pdf", content: attachment, contentType: "application/pdf" },
        { filename: "logo.png", content: Buffer.from("png-bytes"), contentType: "image/png", cid: "logo@acme" },
      ],
    });
    expect(info.rejected).toEqual([]);
    const id = queuedId(info.response)!;
    expect(id).toMatch(/^em_/);

    await deliverEmail(id);
    const copies = receiver.messages.filter((m) => m.rcptTo.includes(to) || m.rcptTo.includes(hidden));
    expect(copies.map((m) => m.rcptTo[0]).sort()).toEqual([hidden, to].sort());
    for (const copy of copies) {
      expect(copy.mailFrom).toMatch(new RegExp(`^bounce\\+\\w+@send\\.${s.domain.replace(/\./g, "\\.")}$`));
      const parsed = await simpleParser(copy.raw);
      expect(parsed.headers.has("bcc")).toBe(false);
      expect(copy.raw.toString("latin1")).not.toMatch(/^Bcc:/im);
      expect(parsed.headers.get("x-campaign")).toBe("spring-2026");
      expect(parsed.subject).toBe("Relay report");
      expect(parsed.text?.trim()).toBe("plain body");
      const pdf = parsed.attachments.find((a) => a.filename === "report.pdf")!;
      expect(pdf.content.equals(attachment)).toBe(true);
      const logo = parsed.attachments.find((a) => a.cid === "logo@acme")!;
      expect(logo.content.toString()).toBe("png-bytes");
      expect(await dkimVerdict(copy.raw, copy.mailFrom, s.domain)).toBe("pass");
    }
  });

  it("shows the relayed email in GET /api/v1/emails with its recipients and events", async () => {
    const s = await sender();
    const to = `to-${tag()}@inbox.example`;
    const hidden = `bcc-${tag()}@inbox.example`;
    const info = await client(s.key).sendMail({ from: s.from, to, bcc: hidden, subject: "Listed", text: "hi" });
    const id = queuedId(info.response)!;
    await deliverEmail(id);
    const list = await call(listRoute, { path: "/api/v1/emails", key: s.key });
    expect(list.status).toBe(200);
    expect(list.json.data.map((e: { id: string }) => e.id)).toContain(id);
    const record = await call(getRoute, { path: `/api/v1/emails/${id}`, key: s.key, params: { id } });
    expect(record.json).toMatchObject({ from: s.from, subject: "Listed", to: [to], bcc: [hidden], status: "sent" });
    expect(record.json.text.trim()).toBe("hi");
    expect(record.json.recipients).toEqual([
      { email: to, type: "to", status: "sent" },
      { email: hidden, type: "bcc", status: "sent" },
    ]);
    // The smarthost accepted them (`sent`); no receiver has said they were delivered.
    expect(record.json.events.map((e: { type: string }) => e.type)).toContain("email.sent");
    expect(record.json.events.map((e: { type: string }) => e.type)).not.toContain("email.delivered");
    const balance = await getDb().account.findUniqueOrThrow({ where: { id: s.accountId }, select: { creditBalance: true } });
    expect(balance.creditBalance).toBe(3000 - 2);
  });

  it("honours an Idempotency-Key header: the same message twice is one email", async () => {
    const s = await sender();
    const message = {
      from: s.from,
      to: `idem-${tag()}@inbox.example`,
      subject: "Once",
      text: "only once",
      headers: { "Idempotency-Key": `k-${tag()}` },
    };
    const first = await client(s.key).sendMail(message);
    const second = await client(s.key).sendMail(message);
    expect(queuedId(second.response)).toBe(queuedId(first.response));
    expect(second.response).toMatch(/already accepted/);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(1);
  });

  // The relay reads only the header block when it accepts; GET /emails/:id parses the stored
  // MIME for html, text and attachments (derive-relayed-content.ts).
  const readEmail = async (key: string, id: string) => (await call(getRoute, { path: `/api/v1/emails/${id}`, key, params: { id } })).json;

  it("shows a multipart message's html, text and attachments in GET /emails/:id, parsed from the stored MIME", async () => {
    const s = await sender();
    const to = `to-${tag()}@inbox.example`;
    const copied = `cc-${tag()}@inbox.example`;
    const info = await client(s.key).sendMail({
      from: s.from,
      to: `Ann <${to}>`,
      cc: `"Ops, Team" <${copied}>`,
      subject: "Quarterly numbers",
      text: "numbers attached",
      html: '<p>numbers <b>attached</b> <img src="cid:chart@acme"></p>',
      attachments: [
        { filename: "q3.csv", content: "a,b\r\n1,2\r\n", contentType: "text/csv" },
        { filename: "chart.png", content: Buffer.from("png-bytes"), contentType: "image/png", cid: "chart@acme" },
      ],
    });
    const id = queuedId(info.response)!;
    const stored = await getDb().email.findUniqueOrThrow({ where: { id }, select: { html: true, text: true, attachments: true } });
    expect(stored).toEqual({ html: null, text: null, attachments: null });
    const record = await readEmail(s.key, id);
    expect(record).toMatchObject({ from: s.from, subject: "Quarterly numbers", to: [to], cc: [copied], bcc: [] });
    // mailparser inlines a cid: image as a data: URL (the accept stored the same before).
    expect(record.html).toBe(
      `<p>numbers <b>attached</b> <img src="data:image/png;base64,${Buffer.from("png-bytes").toString("base64")}"></p>`,
    );
    expect(record.text.trim()).toBe("numbers attached");
    // In the MIME's order: nodemailer puts the related (inline) part before the mixed one.
    expect(record.attachments).toEqual([
      { filename: "chart.png", content_type: "image/png" },
      { filename: "q3.csv", content_type: "text/csv" },
    ]);
  });

  it("decodes an encoded-word Subject and From name, and 8-bit UTF-8 headers and body", async () => {
    const s = await sender();
    const to = `to-${tag()}@inbox.example`;
    // nodemailer writes non-ASCII header values as RFC 2047 encoded words.
    const encoded = await client(s.key).sendMail({
      from: `Zoë Brontë <hello@${s.domain}>`,
      to,
      subject: "Grüße aus Köln — 東京 ✓",
      text: "Schöne Grüße",
    });
    const raw = await getDb().email.findUniqueOrThrow({ where: { id: queuedId(encoded.response)! }, select: { rawMime: true } });
    expect(raw.rawMime).toMatch(/^Subject: =\?UTF-8\?/m);
    const first = await readEmail(s.key, queuedId(encoded.response)!);
    expect(first).toMatchObject({ from: `Zoë Brontë <hello@${s.domain}>`, subject: "Grüße aus Köln — 東京 ✓", to: [to] });
    expect(first.text.trim()).toBe("Schöne Grüße");

    // The same text as raw 8-bit UTF-8 (no encoded words, Content-Transfer-Encoding: 8bit).
    const message = [
      `From: "Zoë Brontë" <hello@${s.domain}>`,
      `To: Ann <${to}>`,
      "Subject: Grüße aus Köln — 東京 ✓",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Schöne Grüße, naïve café",
      "",
    ].join("\r\n");
    const eightBit = await client(s.key).sendMail({
      envelope: { from: `hello@${s.domain}`, to: [to] },
      raw: Buffer.from(message, "utf8"),
    });
    const second = await readEmail(s.key, queuedId(eightBit.response)!);
    expect(second).toMatchObject({ from: `Zoë Brontë <hello@${s.domain}>`, subject: "Grüße aus Köln — 東京 ✓", to: [to], html: null });
    expect(second.text.trim()).toBe("Schöne Grüße, naïve café");
    expect(second.attachments).toEqual([]);
  });

  it("returns a relayed email's stored html and text as they are (emails relayed before bodies were parsed on read)", async () => {
    const s = await sender();
    const info = await client(s.key).sendMail({ from: s.from, to: `a-${tag()}@inbox.example`, subject: "Old", text: "parsed at accept" });
    const id = queuedId(info.response)!;
    await getDb().email.update({ where: { id }, data: { text: "stored at accept" } });
    const record = await readEmail(s.key, id);
    expect(record.text).toBe("stored at accept");
    expect(record.html).toBeNull();
  });

  it("refuses a bad key or another username with 535", async () => {
    const s = await sender();
    const bad = await sendError(client("mw_" + "x".repeat(40)).sendMail({ from: s.from, to: "a@inbox.example", subject: "x", text: "x" }));
    expect(bad?.responseCode).toBe(535);
    const wrongUser = await sendError(
      client(s.key, relay.port, { auth: { user: "admin", pass: s.key } }).sendMail({
        from: s.from,
        to: "a@inbox.example",
        subject: "x",
        text: "x",
      }),
    );
    expect(wrongUser?.responseCode).toBe(535);
  });

  it("rejects an unverified From domain with 550 and a clear text", async () => {
    const s = await sender();
    const error = await sendError(
      client(s.key).sendMail({ from: "someone@not-verified.example", to: "a@inbox.example", subject: "x", text: "x" }),
    );
    expect(error?.responseCode).toBe(550);
    expect(error?.response).toMatch(/not-verified\.example is not a verified domain/);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("answers 452 when the account is out of credits", async () => {
    const s = await sender();
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 0 } });
    const error = await sendError(client(s.key).sendMail({ from: s.from, to: "a@inbox.example", subject: "x", text: "x" }));
    expect(error?.responseCode).toBe(452);
    expect(error?.response).toMatch(/insufficient credits/);
  });

  it("limits messages per key with a 451", async () => {
    const s = await sender();
    await getDb().account.update({ where: { id: s.accountId }, data: { rateLimitPerSecond: 1, rateLimitBurst: 1 } });
    const transport = client(s.key);
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await sendError(transport.sendMail({ from: s.from, to: "a@inbox.example", subject: `n${i}`, text: "x" })));
    const limited = results.find((r) => r !== null);
    expect(limited?.responseCode).toBe(451);
    expect(limited?.response).toMatch(/rate limit/);
    // The count runs while the message arrives; a refused message is not stored.
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(results.filter((r) => r === null).length);
  });

  it("refuses bare LF so a smuggled second message is never created", async () => {
    const s = await sender();
    const auth = Buffer.from(`\0mailwright\0${s.key}`).toString("base64");
    const replies = await rawSmtpSession(cleartext.port, [
      "EHLO attacker.example\r\n",
      `AUTH PLAIN ${auth}\r\n`,
      `MAIL FROM:<hello@${s.domain}>\r\n`,
      "RCPT TO:<first@inbox.example>\r\n",
      "DATA\r\n",
      `From: hello@${s.domain}\r\nTo: first@inbox.example\r\nSubject: first\r\n\r\nhello\n.\r\nMAIL FROM:<hello@${s.domain}>\r\nRCPT TO:<victim@inbox.example>\r\nDATA\r\nFrom: hello@${s.domain}\r\nTo: victim@inbox.example\r\nSubject: smuggled\r\n\r\nevil\r\n.\r\n`,
      "QUIT\r\n",
    ]);
    expect(replies.some((l) => l.startsWith("550 5.6.0 bare LF"))).toBe(true);
    const emails = await getDb().email.findMany({ where: { accountId: s.accountId }, select: { subject: true } });
    expect(emails).toEqual([]);
  });

  it("with SMTP_REQUIRE_TLS refuses AUTH before STARTTLS, and refuses oversized messages with 552", async () => {
    const s = await sender();
    process.env.SMTP_REQUIRE_TLS = "1";
    process.env.SMTP_MAX_MESSAGE_BYTES = "4096";
    resetEnvCache();
    const strict = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
    try {
      const plain = await sendError(
        client(s.key, strict.port, { requireTLS: false, ignoreTLS: true }).sendMail({
          from: s.from,
          to: "a@inbox.example",
          subject: "x",
          text: "x",
        }),
      );
      expect(plain?.responseCode).toBe(538);
      const big = await sendError(
        client(s.key, strict.port).sendMail({ from: s.from, to: "a@inbox.example", subject: "big", text: "x".repeat(10_000) }),
      );
      expect(big?.responseCode).toBe(552);
      const ok = await client(s.key, strict.port).sendMail({ from: s.from, to: "a@inbox.example", subject: "small", text: "fits" });
      expect(queuedId(ok.response)).toMatch(/^em_/);
    } finally {
      await strict.close();
      delete process.env.SMTP_REQUIRE_TLS;
      delete process.env.SMTP_MAX_MESSAGE_BYTES;
      resetEnvCache();
    }
  });

  it("refuses AUTH before STARTTLS by default (538), and takes it with SMTP_ALLOW_INSECURE_AUTH=1", async () => {
    const s = await sender();
    const noTls = { requireTLS: false, ignoreTLS: true };
    const message = { from: s.from, to: "a@inbox.example", subject: "cleartext", text: "x" };
    const refused = await sendError(client(s.key, relay.port, noTls).sendMail(message));
    expect(refused?.responseCode).toBe(538);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
    const allowed = await client(s.key, cleartext.port, noTls).sendMail(message);
    expect(queuedId(allowed.response)).toMatch(/^em_/);
  });

  it("checks the key again at each MAIL FROM: a key revoked while connected sends nothing more", async () => {
    const s = await sender();
    const pooled = client(s.key, relay.port, { pool: true, maxConnections: 1 });
    try {
      const first = await pooled.sendMail({ from: s.from, to: "a@inbox.example", subject: "before", text: "x" });
      expect(queuedId(first.response)).toMatch(/^em_/);
      await revokeApiKey({ accountId: s.accountId, id: s.keyId });
      const second = await sendError(pooled.sendMail({ from: s.from, to: "a@inbox.example", subject: "after", text: "x" }));
      // Refused on the open, logged-in connection (a new one would fail at AUTH instead).
      expect(second).toMatchObject({ responseCode: 535, command: "MAIL FROM" });
      expect(second?.response).toMatch(/revoked/);
    } finally {
      pooled.close();
    }
    const emails = await getDb().email.findMany({ where: { accountId: s.accountId }, select: { subject: true } });
    expect(emails).toEqual([{ subject: "before" }]);
  });

  it("stores the messages of an account's busy sessions together; a lone session's messages wait for no one", async () => {
    const lone = await sender();
    const pooled = client(lone.key, relay.port, { pool: true, maxConnections: 1 });
    const before = groupCommitStats();
    try {
      for (const subject of ["one", "two", "three"]) {
        const info = await pooled.sendMail({ from: lone.from, to: "a@inbox.example", subject, text: "x" });
        expect(queuedId(info.response)).toMatch(/^em_/);
      }
    } finally {
      pooled.close();
    }
    // Its own earlier messages are the only ones of the account: nothing to wait for.
    expect(groupCommitStats().gathers - before.gathers).toBe(0);

    const s = await sender();
    const balance = (await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance;
    const sessions = Array.from({ length: 4 }, () => client(s.key, relay.port, { pool: true, maxConnections: 1 }));
    const ids: string[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        const infos = await Promise.all(
          sessions.map((session, i) => session.sendMail({ from: s.from, to: `r${i}@inbox.example`, subject: `${round}-${i}`, text: "x" })),
        );
        ids.push(...infos.map((info) => queuedId(info.response)!));
      }
    } finally {
      for (const session of sessions) session.close();
    }
    // From the second round on, a statement waits for the other sessions that sent recently.
    expect(groupCommitStats().gathers - before.gathers).toBeGreaterThan(0);
    const emails = await getDb().email.findMany({ where: { accountId: s.accountId }, select: { id: true } });
    expect(new Set(emails.map((e) => e.id))).toEqual(new Set(ids));
    expect(ids).toHaveLength(12);
    expect((await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(balance - 12);
    expect(await getDb().creditTransaction.count({ where: { accountId: s.accountId, type: "debit" } })).toBe(12);
  });

  it("refuses a message with two From or two Sender header fields", async () => {
    const s = await sender();
    const verified = `hello@${s.domain}`;
    const headers = [
      `From: ceo@bank.example\r\nFrom: ${verified}`,
      `From: ${verified}\r\nFrom: ceo@bank.example`,
      `From: ${verified}\r\nSender: ceo@bank.example\r\nSender: ${verified}`,
    ];
    for (const header of headers) {
      const raw = `${header}\r\nTo: a@inbox.example\r\nSubject: two senders\r\n\r\nbody\r\n`;
      const error = await sendError(client(s.key).sendMail({ envelope: { from: verified, to: ["a@inbox.example"] }, raw }));
      expect(error?.responseCode, header).toBe(550);
      expect(error?.response, header).toMatch(/has 2 (From|Sender) header fields/);
    }
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("refuses bare CR as it does bare LF", async () => {
    const s = await sender();
    const auth = Buffer.from(`\0mailwright\0${s.key}`).toString("base64");
    const replies = await rawSmtpSession(cleartext.port, [
      "EHLO attacker.example\r\n",
      `AUTH PLAIN ${auth}\r\n`,
      `MAIL FROM:<hello@${s.domain}>\r\n`,
      "RCPT TO:<first@inbox.example>\r\n",
      "DATA\r\n",
      `From: hello@${s.domain}\r\nTo: first@inbox.example\r\nSubject: first\r\n\r\nhello\r.\rMAIL FROM:<hello@${s.domain}>\rRCPT TO:<victim@inbox.example>\rDATA\r\nFrom: hello@${s.domain}\r\nSubject: smuggled\r\n\r\nevil\r\n.\r\n`,
      "QUIT\r\n",
    ]);
    expect(replies.some((l) => l.startsWith("550 5.6.0 bare CR"))).toBe(true);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("caps open connections per client address and in all with 421", async () => {
    const perAddress = await relayWith({ SMTP_MAX_CONNECTIONS_PER_ADDRESS: "2" });
    const total = await relayWith({ SMTP_MAX_CONNECTIONS: "2" });
    const open: Awaited<ReturnType<typeof openRawSmtp>>[] = [];
    try {
      open.push(await openRawSmtp(perAddress.port), await openRawSmtp(perAddress.port));
      expect(open.map((c) => c.lines[0].slice(0, 4))).toEqual(["220 ", "220 "]);
      const third = await openRawSmtp(perAddress.port);
      open.push(third);
      expect(third.lines[0]).toMatch(/^421 4\.7\.0 too many connections from 127\.0\.0\.1/);
      // Another address still gets in.
      const other = await openRawSmtp(perAddress.port, { localAddress: "127.0.0.2" });
      open.push(other);
      expect(other.lines[0]).toMatch(/^220 /);
      // A closed connection frees its slot.
      open[0].close();
      let again = "";
      for (let i = 0; i < 50 && !again.startsWith("220"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        const next = await openRawSmtp(perAddress.port);
        open.push(next);
        again = next.lines[0];
        if (!again.startsWith("220")) next.close();
      }
      expect(again).toMatch(/^220 /);

      open.push(await openRawSmtp(total.port), await openRawSmtp(total.port, { localAddress: "127.0.0.2" }));
      const over = await openRawSmtp(total.port, { localAddress: "127.0.0.3" });
      open.push(over);
      expect(over.lines[0]).toMatch(/^421 .*Too many connected clients/);
    } finally {
      for (const c of open) c.close();
      await Promise.all([perAddress.close(), total.close()]);
    }
  });

  it("stops keeping a message once it passes the size limit, and answers 552", async () => {
    const limit = 1024 * 1024;
    const small = await relayWith({ SMTP_ALLOW_INSECURE_AUTH: "1", SMTP_MAX_MESSAGE_BYTES: String(limit) });
    const s = await sender();
    const smtp = await openRawSmtp(small.port);
    // External memory (Buffers) sampled while 200 MB stream in: a relay that kept the chunks
    // would grow by all of it; one that drops them grows by what waits for the collector.
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 20);
    try {
      await smtp.send("EHLO big.example\r\n");
      expect(await smtp.send(`AUTH PLAIN ${Buffer.from(`\0mailwright\0${s.key}`).toString("base64")}\r\n`)).toMatch(/^235/);
      expect(await smtp.send(`MAIL FROM:<hello@${s.domain}>\r\n`)).toMatch(/^250/);
      expect(await smtp.send("RCPT TO:<big@inbox.example>\r\n")).toMatch(/^250/);
      expect(await smtp.send("DATA\r\n")).toMatch(/^354/);
      await smtp.write(`From: hello@${s.domain}\r\nTo: big@inbox.example\r\nSubject: big\r\n\r\n`);
      const chunk = Buffer.from(`${"x".repeat(1022)}\r\n`.repeat(1024)); // 1 MiB of 1 KiB lines
      for (let i = 0; i < 200; i++) await smtp.write(chunk);
      const answer = await smtp.send(".\r\n");
      expect(answer).toMatch(/^552 /);
      expect(await smtp.send("QUIT\r\n")).toMatch(/^221/);
    } finally {
      clearInterval(sampler);
      smtp.close();
      await small.close();
    }
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("answers 452 while other sessions' messages hold the in-flight byte budget, and accepts once it is free", async () => {
    const relay = await relayWith({
      SMTP_ALLOW_INSECURE_AUTH: "1",
      SMTP_MAX_MESSAGE_BYTES: String(1024 * 1024),
      SMTP_MAX_INFLIGHT_BYTES: String(1536 * 1024),
    });
    const s = await sender();
    const chunk = Buffer.from(`${"y".repeat(1022)}\r\n`.repeat(300)); // 300 KiB
    const begin = async (smtp: Awaited<ReturnType<typeof openRawSmtp>>, to: string) => {
      await smtp.send("EHLO budget.example\r\n");
      expect(await smtp.send(`AUTH PLAIN ${Buffer.from(`\0mailwright\0${s.key}`).toString("base64")}\r\n`)).toMatch(/^235/);
      expect(await smtp.send(`MAIL FROM:<hello@${s.domain}>\r\n`)).toMatch(/^250/);
      expect(await smtp.send(`RCPT TO:<${to}>\r\n`)).toMatch(/^250/);
      expect(await smtp.send("DATA\r\n")).toMatch(/^354/);
      await smtp.write(`From: hello@${s.domain}\r\nTo: ${to}\r\nSubject: budget\r\n\r\n`);
      for (let i = 0; i < 3; i++) await smtp.write(chunk); // 900 KiB: under the message limit
    };
    const first = await openRawSmtp(relay.port);
    const second = await openRawSmtp(relay.port);
    try {
      await begin(first, "first@inbox.example");
      // The first message's 900 KiB are held (not ended yet): the second's do not fit beside them.
      await new Promise((r) => setTimeout(r, 200));
      await begin(second, "second@inbox.example");
      expect(await second.send(".\r\n")).toMatch(/^452 4\.3\.1/);
      expect(await first.send(".\r\n")).toMatch(/^250 /);
      // Stored and released: the same message now fits.
      await second.send("RSET\r\n");
      expect(await second.send(`MAIL FROM:<hello@${s.domain}>\r\n`)).toMatch(/^250/);
      expect(await second.send("RCPT TO:<second@inbox.example>\r\n")).toMatch(/^250/);
      expect(await second.send("DATA\r\n")).toMatch(/^354/);
      await second.write(`From: hello@${s.domain}\r\nTo: second@inbox.example\r\nSubject: budget\r\n\r\n`);
      for (let i = 0; i < 3; i++) await second.write(chunk);
      expect(await second.send(".\r\n")).toMatch(/^250 /);
    } finally {
      first.close();
      second.close();
      await relay.close();
    }
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(2);
  });

  it("is started by startWorker on SMTP_PORT and stopped by stopWorker", async () => {
    const free = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
    const port = free.port;
    await free.close();
    process.env.SMTP_PORT = String(port);
    resetEnvCache();
    try {
      // No jobs: this poller must not take other tests' jobs.
      await startWorker({ jobs: [] });
      const greeting = await rawSmtpSession(port, ["QUIT\r\n"]);
      expect(greeting[0]).toMatch(/^220 .*Mailwright SMTP relay/);
      await stopWorker({ timeoutMs: 1000 });
      await expect(rawSmtpSession(port, [])).rejects.toThrow();
    } finally {
      delete process.env.SMTP_PORT;
      resetEnvCache();
    }
  });

  it.runIf(existsSync("/usr/bin/swaks"))("accepts a message from swaks (STARTTLS, AUTH LOGIN)", async () => {
    const s = await sender();
    const to = `swaks-${tag()}@inbox.example`;
    const { stdout } = await promisify(execFile)("swaks", [
      "--server",
      `127.0.0.1:${relay.port}`,
      "--tls",
      "--auth",
      "LOGIN",
      "--auth-user",
      "mailwright",
      "--auth-password",
      s.key,
      "--from",
      `hello@${s.domain}`,
      "--to",
      to,
      "--header",
      "Subject: from swaks",
      "--header",
      "X-Tool: swaks",
      "--body",
      "sent by swaks",
    ]);
    const id = /queued as (em_\w+)/.exec(stdout)?.[1];
    expect(id).toMatch(/^em_/);
    await deliverEmail(id!);
    const got = receiver.messages.find((m) => m.rcptTo.includes(to))!;
    const parsed = await simpleParser(got.raw);
    expect(parsed.subject).toBe("from swaks");
    expect(parsed.headers.get("x-tool")).toBe("swaks");
    expect(await dkimVerdict(got.raw, got.mailFrom, s.domain)).toBe("pass");
  });
});
