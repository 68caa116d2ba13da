import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { getDb } from "@/lib/db/client";
import { groupCommitStats } from "@/lib/emails/group-commit-accepted-emails";
import { getEmail } from "@/lib/emails/get-email";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { deliverToSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-transport-receiver";

// Concurrent accepts of one account share a statement (group-commit-accepted-emails.ts). What
// they store must be what they would have stored one after another: every email with its rows,
// one ledger row per accept with a consistent running balance, and a refusal only for the
// accepts that would have been refused alone.

async function sender(balance: number) {
  const account = await makeAccount();
  await getDb().account.update({
    where: { id: account.accountId },
    data: { creditBalance: balance, rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domain: domain.domain, from: `Acme <hello@${domain.domain}>` };
}

let receiver: SmtpReceiver;
deliverToSmtpReceiver((r) => (receiver = r));

const send = (key: string, body: unknown) => call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });

async function ledger(accountId: string) {
  return getDb().creditTransaction.findMany({
    where: { accountId, type: "debit" },
    select: { amount: true, balanceAfter: true, emailId: true, description: true },
  });
}

describe("group commit of accepts", () => {
  it("stores concurrent sends together, each with its rows and its own ledger row", async () => {
    const s = await sender(100);
    const before = groupCommitStats();
    const bodies = Array.from({ length: 16 }, (_, i) => ({
      from: s.from,
      to: Array.from({ length: 1 + (i % 3) }, (_, r) => `r${r}-${i}@x.example`),
      subject: `s${i}`,
      text: "x",
    }));
    const results = await Promise.all(bodies.map((b) => send(s.key, b)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const after = groupCommitStats();
    // Some of them went in one statement with others (the first ones find a free slot).
    expect(after.grouped - before.grouped).toBeGreaterThan(1);
    expect(after.statements - before.statements).toBeLessThan(bodies.length);

    const ids = results.map((r) => r.json.id as string);
    const db = getDb();
    const emails = await db.email.findMany({ where: { accountId: s.accountId }, select: { id: true, subject: true } });
    expect(new Map(emails.map((e) => [e.id, e.subject]))).toEqual(new Map(ids.map((id, i) => [id, `s${i}`])));
    for (const [i, id] of ids.entries()) {
      expect(await db.emailRecipient.count({ where: { emailId: id } })).toBe(bodies[i].to.length);
      expect((await getEmail({ accountId: s.accountId, id })).events.map((e) => e.type)).toEqual(["email.queued"]);
    }
    const total = bodies.reduce((n, b) => n + b.to.length, 0);
    expect((await db.account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(100 - total);

    // One row per email, naming it, for its recipients; the running balances chain down from
    // 100 to the final balance in some order, as sequential debits would have left them.
    const rows = await ledger(s.accountId);
    expect(rows).toHaveLength(ids.length);
    for (const [i, id] of ids.entries()) {
      const row = rows.find((r) => r.emailId === id);
      expect(row).toMatchObject({
        amount: bodies[i].to.length,
        description: `Email to ${bodies[i].to.length} recipient${i % 3 ? "s" : ""}`,
      });
    }
    const chain = [...rows].sort((a, b) => b.balanceAfter - a.balanceAfter);
    let balance = 100;
    for (const row of chain) {
      balance -= row.amount;
      expect(row.balanceAfter).toBe(balance);
    }
    expect(balance).toBe(100 - total);
  });

  it("gives the single emails of a group shared delivery jobs, and delivers each of them once", async () => {
    const s = await sender(100);
    const before = groupCommitStats();
    const now = Date.now();
    const scheduledAt = new Date(now + 3600_000).toISOString();
    const bodies = Array.from({ length: 12 }, (_, i) => ({
      from: s.from,
      to: [`g${i}-${now}@inbox.example`],
      subject: `g${i}`,
      text: "x",
      // One is for later: it keeps a job of its own, which rescheduling and cancelling find.
      ...(i === 5 ? { scheduled_at: scheduledAt } : {}),
    }));
    const results = await Promise.all(bodies.map((b) => send(s.key, b)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 201));
    expect(groupCommitStats().grouped - before.grouped).toBeGreaterThan(1);
    const ids = results.map((r) => r.json.id as string);

    // Each email due now is in exactly one job; grouped ones share email.send-batch jobs.
    const rows = await getDb().job.findMany({ where: { accountId: s.accountId } });
    const jobOf = new Map<string, string[]>();
    for (const row of rows) {
      const payload = row.payload as { emailId?: string; emailIds?: string[] };
      for (const id of payload.emailIds ?? [payload.emailId!]) jobOf.set(id, [...(jobOf.get(id) ?? []), row.name]);
    }
    expect([...jobOf.keys()].sort()).toEqual([...ids].sort());
    for (const names of jobOf.values()) expect(names).toHaveLength(1);
    expect(jobOf.get(ids[5])).toEqual(["email.send"]);
    expect(rows.some((r) => r.name === "email.send-batch")).toBe(true);
    expect(rows.length).toBeLessThan(ids.length);

    await runDueFor(s.accountId, [emailSendJob, emailSendBatchJob]);
    bodies.forEach((b, i) => {
      const copies = receiver.messages.filter((m) => m.rcptTo.includes(b.to[0]));
      expect(copies, b.to[0]).toHaveLength(i === 5 ? 0 : 1);
    });
    const statuses = await getDb().email.findMany({ where: { accountId: s.accountId }, select: { id: true, status: true } });
    for (const { id, status } of statuses) expect(status, id).toBe(id === ids[5] ? "scheduled" : "sent");
  });

  it("refuses only the accepts the balance cannot cover, and stores the rest", async () => {
    const s = await sender(5);
    const before = groupCommitStats();
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => send(s.key, { from: s.from, to: [`a${i}@x.example`], subject: "s", text: "x" })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((c) => c === 201)).toHaveLength(5);
    expect(statuses.filter((c) => c === 403)).toHaveLength(4);
    for (const r of results.filter((x) => x.status === 403)) expect(r.json.error.code).toBe("insufficient_credits");
    // A group that the balance could not cover was stored again one by one.
    expect(groupCommitStats().fallbacks - before.fallbacks).toBeGreaterThan(0);
    const db = getDb();
    expect(await db.email.count({ where: { accountId: s.accountId } })).toBe(5);
    expect((await db.account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(0);
    expect((await ledger(s.accountId)).map((r) => r.balanceAfter).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses an unverified From domain without holding back the sends grouped with it", async () => {
    const s = await sender(100);
    const bad = `Acme <hello@unverified-${s.domain}>`;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(s.key, { from: i % 4 === 3 ? bad : s.from, to: [`a${i}@x.example`], subject: "s", text: "x" }),
      ),
    );
    results.forEach((r, i) => {
      if (i % 4 === 3) expect(r.json.error?.code).toBe("domain_not_verified");
      else expect(r.status).toBe(201);
    });
    // A batch request and single sends of the same account, concurrently: all stored.
    const [batch, ...singles] = await Promise.all([
      call(batchRoute, {
        method: "POST",
        path: "/api/v1/emails/batch",
        key: s.key,
        body: [0, 1, 2].map((i) => ({ from: s.from, to: [`b${i}@x.example`], subject: "b", text: "x" })),
      }),
      ...[0, 1, 2, 3].map((i) => send(s.key, { from: s.from, to: [`c${i}@x.example`], subject: "c", text: "x" })),
    ]);
    expect(batch.status).toBe(201);
    expect(singles.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const db = getDb();
    expect(await db.email.count({ where: { accountId: s.accountId } })).toBe(8 + 3 + 4);
    expect((await db.account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(100 - 15);
    const batchRow = (await ledger(s.accountId)).find((r) => r.description === "Batch of 3 emails");
    expect(batchRow).toMatchObject({ amount: 3, emailId: null });
  });
});
