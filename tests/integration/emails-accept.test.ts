import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { getEmail } from "@/lib/emails/get-email";
import { call, makeAccount } from "../helpers/api";
import { withEnv } from "../helpers/with-env";
import { makeVerifiedDomain } from "../helpers/domains";

// The accept path writes everything in one statement: these pin what it stores, and that a
// refusal (credits, domain) stores and debits nothing.

async function sender(balance: number) {
  const account = await makeAccount();
  await getDb().account.update({
    where: { id: account.accountId },
    data: { creditBalance: balance, rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domainId: domain.id, domain: domain.domain, from: `Acme <hello@${domain.domain}>` };
}

const batch = (key: string, body: unknown, headers?: Record<string, string>) =>
  call(batchRoute, { method: "POST", path: "/api/v1/emails/batch", key, body, headers });

async function stored(accountId: string) {
  const db = getDb();
  const emails = await db.email.findMany({ where: { accountId }, select: { id: true } });
  const emailIds = emails.map((e) => e.id);
  return {
    emails: emails.length,
    recipients: await db.emailRecipient.count({ where: { accountId } }),
    // Emails showing their first event (queued: derived from the email, scheduled: stored).
    events: (await Promise.all(emailIds.map((id) => getEmail({ accountId, id })))).filter((e) =>
      ["email.queued", "email.scheduled"].includes(e.events[0]?.type),
    ).length,
    // Emails with a delivery job: its own email.send, or their batch request's email.send-batch.
    jobs: (await db.job.findMany({ where: { name: { in: ["email.send", "email.send-batch"] } }, select: { payload: true } }))
      .flatMap((j) => {
        const payload = j.payload as { emailId?: string; emailIds?: string[] };
        return payload.emailIds ?? [payload.emailId!];
      })
      .filter((id) => emailIds.includes(id)).length,
    debits: await db.creditTransaction.count({ where: { accountId, type: "debit" } }),
    balance: (await db.account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance,
  };
}

describe("accepting emails", () => {
  it("stores a batch that exceeds the balance not at all, and debits nothing", async () => {
    const s = await sender(5);
    const body = [0, 1, 2].map((i) => ({ from: s.from, to: [`a${i}@x.example`, `b${i}@x.example`], subject: "s", text: "x" }));
    const res = await batch(s.key, body);
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({
      code: "insufficient_credits",
      message: "insufficient credits: this needs 6 credits, the account has 5",
    });
    expect(await stored(s.accountId)).toEqual({ emails: 0, recipients: 0, events: 0, jobs: 0, debits: 0, balance: 5 });

    // With an Idempotency-Key the refusal frees the key: the same request succeeds after a grant.
    const refused = await batch(s.key, body, { "idempotency-key": "b-1" });
    expect(refused.status).toBe(403);
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 6 } });
    const ok = await batch(s.key, body, { "idempotency-key": "b-1" });
    expect(ok.status).toBe(201);
    expect(await stored(s.accountId)).toEqual({ emails: 3, recipients: 6, events: 3, jobs: 3, debits: 1, balance: 0 });
    const replay = await batch(s.key, body, { "idempotency-key": "b-1" });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(ok.json);
  });

  it("never takes the balance below zero under concurrent batches", async () => {
    const s = await sender(10);
    const body = [0, 1, 2].map((i) => ({ from: s.from, to: `c${i}@x.example`, subject: "s", text: "x" }));
    const results = await Promise.all(Array.from({ length: 8 }, () => batch(s.key, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403).every((r) => r.json.error.code === "insufficient_credits")).toBe(true);
    expect(await stored(s.accountId)).toEqual({ emails: 9, recipients: 9, events: 9, jobs: 9, debits: 3, balance: 1 });
    const ledger = await getDb().creditTransaction.findMany({ where: { accountId: s.accountId, type: "debit" } });
    expect(ledger.map((t) => t.balanceAfter).sort()).toEqual([1, 4, 7]);
    expect(ledger.every((t) => t.amount === 3 && t.description === "Batch of 3 emails" && t.emailId === null)).toBe(true);
  });

  it("stores each email of a batch with its own bodies, multi-byte characters and a lone surrogate included", async () => {
    const s = await sender(100);
    const bodies = [
      { html: "<p>Grüße 👋 from the café</p>", text: "Grüße 👋" },
      { html: "<p>plain</p>" },
      { html: "<p>lone \ud800 half</p>", text: "日本語のテキスト" },
      { text: "text only, é" },
    ];
    const res = await batch(
      s.key,
      bodies.map((b, i) => ({ from: s.from, to: `b${i}@x.example`, subject: `Body ${i}`, ...b })),
    );
    expect(res.status).toBe(201);
    const ids = (res.json.data as { id: string }[]).map((e) => e.id);
    const rows = await getDb().email.findMany({ where: { id: { in: ids } }, select: { id: true, html: true, text: true, rawMime: true } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => ({ html: byId.get(id)?.html, text: byId.get(id)?.text, rawMime: byId.get(id)?.rawMime }))).toEqual([
      { html: "<p>Grüße 👋 from the café</p>", text: "Grüße 👋", rawMime: null },
      { html: "<p>plain</p>", text: null, rawMime: null },
      { html: "<p>lone \ufffd half</p>", text: "日本語のテキスト", rawMime: null },
      { html: null, text: "text only, é", rawMime: null },
    ]);
  });

  it("stores every column as the schema types it", async () => {
    const s = await sender(100);
    const at = new Date(Date.now() + 86_400_000);
    at.setMilliseconds(123);
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: s.key,
      headers: { "idempotency-key": "cols-1" },
      body: {
        from: s.from,
        to: ["To@X.example", "to@x.example", "Two <two@x.example>"],
        cc: "cc@x.example",
        bcc: ["bcc@x.example"],
        reply_to: "reply@x.example",
        subject: "Ünïcödé \ud800 subject",
        html: "<p>hi</p>",
        tags: [{ name: "kind", value: "welcome" }],
        headers: { "X-Entity": "42" },
        scheduled_at: at.toISOString(),
      },
    });
    expect(res.status).toBe(201);
    const db = getDb();
    const email = await db.email.findUniqueOrThrow({
      where: { id: res.json.id },
      include: { recipients: { orderBy: { id: "asc" } }, events: true },
    });
    expect(email).toMatchObject({
      accountId: s.accountId,
      domainId: s.domainId,
      from: s.from,
      to: ["To@X.example", "to@x.example", "Two <two@x.example>"],
      cc: ["cc@x.example"],
      bcc: ["bcc@x.example"],
      replyTo: ["reply@x.example"],
      subject: "Ünïcödé \ufffd subject",
      html: "<p>hi</p>",
      text: null,
      templateId: null,
      variables: null,
      headers: { "X-Entity": "42" },
      tags: [{ name: "kind", value: "welcome" }],
      attachments: null,
      rawMime: null,
      status: "scheduled",
      scheduledAt: at,
      lastEvent: "email.scheduled",
      automationId: null,
      isTest: false,
    });
    expect(Math.abs(email.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(email.recipients.map((r) => [r.kind, r.email, r.status])).toEqual([
      ["to", "to@x.example", "queued"],
      ["to", "two@x.example", "queued"],
      ["cc", "cc@x.example", "queued"],
      ["bcc", "bcc@x.example", "queued"],
    ]);
    expect(new Set(email.recipients.map((r) => r.verpToken)).size).toBe(4);
    expect(email.events).toHaveLength(1);
    expect(email.events[0]).toMatchObject({
      type: "email.scheduled",
      data: { scheduled_at: at.toISOString() },
      tags: [{ name: "kind", value: "welcome" }],
      domain: s.domain,
      createdAt: email.createdAt,
    });
    const job = (await db.job.findMany({ where: { name: "email.send" } })).find(
      (j) => (j.payload as { emailId: string }).emailId === email.id,
    )!;
    expect(job).toMatchObject({ status: "pending", runAt: at, maxAttempts: 8, attempts: 0, dedupeKey: null });
    const debit = await db.creditTransaction.findFirstOrThrow({ where: { accountId: s.accountId, type: "debit" } });
    expect(debit).toMatchObject({ amount: 4, balanceAfter: 96, emailId: email.id, description: "Email to 4 recipients" });
    expect(Math.abs(debit.createdAt.getTime() - email.createdAt.getTime())).toBeLessThan(5_000);
    const key = await db.idempotencyKey.findFirstOrThrow({ where: { accountId: s.accountId, key: "cols-1" } });
    expect(key).toMatchObject({ responseStatus: 201, responseBody: { id: email.id } });
  });

  it("refuses a domain unverified since the last send, and names it before the body's problems", async () => {
    const s = await sender(100);
    const ok = await batch(s.key, [{ from: s.from, to: "a@x.example", subject: "s", text: "x" }]);
    expect(ok.status).toBe(201);
    await getDb().domain.update({ where: { id: s.domainId }, data: { status: "unverified" } });
    // Mail leaves the machine (a real transport): an unverified domain may not send. (In local
    // mode it may: tests/integration/local-mode.test.ts.)
    await withEnv({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:9" }, async () => {
      const res = await batch(s.key, [{ from: s.from, to: "a@x.example", subject: "s", text: "x" }]);
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({
        code: "domain_not_verified",
        message: expect.stringContaining(`item 0: the from domain ${s.domain}`),
      });
      const past = await batch(s.key, [{ from: s.from, to: "a@x.example", subject: "s", text: "x", scheduled_at: "2001-01-01T00:00:00Z" }]);
      expect(past.json.error.code).toBe("domain_not_verified");
    });
    expect(await stored(s.accountId)).toMatchObject({ emails: 1, debits: 1, balance: 99 });
  });

  it("reports a second email for one automation step as a unique violation and stores nothing", async () => {
    const s = await sender(100);
    const step = { automationId: "aut_x", enrollmentId: "enr_x", stepId: "stp_x" };
    const email = { from: s.from, to: ["c@x.example"], subject: "s", html: "<p>x</p>" };
    await acceptEmails({ accountId: s.accountId, emails: [email], source: { kind: "automation", steps: [step] } });
    await expect(
      acceptEmails({ accountId: s.accountId, emails: [email], source: { kind: "automation", steps: [step] } }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(await stored(s.accountId)).toEqual({ emails: 1, recipients: 1, events: 1, jobs: 1, debits: 1, balance: 99 });
    // A test run's email is never debited.
    await acceptEmails({ accountId: s.accountId, emails: [email], source: { kind: "test_run", steps: [{ ...step, stepId: "stp_y" }] } });
    expect(await stored(s.accountId)).toMatchObject({ emails: 2, debits: 1, balance: 99 });
  });

  it("stores no email.queued row for an email due now and shows the one derived from the email, once", async () => {
    const s = await sender(100);
    const sent = await batch(s.key, [
      { from: s.from, to: "a@x.example", subject: "s", text: "x", tags: [{ name: "k", value: "v" }] },
      { from: s.from, to: "b@x.example", subject: "s", text: "x" },
    ]);
    expect(sent.status).toBe(201);
    const [first, second] = sent.json.data.map((d: { id: string }) => d.id as string);
    const db = getDb();
    expect(await db.emailEvent.count({ where: { emailId: { in: [first, second] } } })).toBe(0);
    const email = await db.email.findUniqueOrThrow({ where: { id: first } });
    const shown = await call(getRoute, { path: `/api/v1/emails/${first}`, key: s.key, params: { id: first } });
    expect(shown.json.events).toEqual([
      { id: `evt_${first.slice(3)}`, type: "email.queued", recipient: null, created_at: email.createdAt.toISOString(), data: {} },
    ]);
    // An email stored with its email.queued row (as accept stored it before) shows that row only.
    const stored = {
      id: "evt_stored" + first.slice(13),
      accountId: s.accountId,
      emailId: second,
      type: "email.queued",
      createdAt: email.createdAt,
    };
    await db.emailEvent.create({ data: stored });
    const old = await getEmail({ accountId: s.accountId, id: second });
    expect(old.events.map((e) => [e.id, e.type])).toEqual([[stored.id, "email.queued"]]);
  });
});
