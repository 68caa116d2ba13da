import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { DELETE as deleteDomainRoute } from "@/app/api/v1/domains/[id]/route";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { seqScansDuring } from "../helpers/seq-scans";

// Email and EmailRecipient rows carry no foreign keys to their account, domain and email
// (migration 20261125160000): the accept statement locks the account and domains once, and
// triggers carry out the ON DELETE actions the constraints had. What a delete did before, it
// must still do, and a delete racing with accepts must leave no row pointing at nothing.

const onServer = Boolean(inject("fileDatabasePrefix"));

async function sender() {
  const account = await makeAccount();
  await getDb().account.update({
    where: { id: account.accountId },
    data: { creditBalance: 10_000, rateLimitPerSecond: 10_000, rateLimitBurst: 10_000 },
  });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domainId: domain.id, from: `Acme <hello@${domain.domain}>` };
}

const batchOf = (from: string, n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ from, to: [`a${i}-${tag}@x.example`, `b${i}-${tag}@x.example`], subject: "s", text: "x" }));

async function sendBatch(key: string, body: unknown[]) {
  return call(batchRoute, { method: "POST", path: "/api/v1/emails/batch", key, body });
}

/** Rows whose reference points at no row: none may exist after any of the tests. */
async function dangling(accountId: string) {
  const db = getDb();
  const [row] = await db.$queryRaw<{ domains: number; recipients: number }[]>`
    SELECT
      (SELECT count(*)::int FROM "Email" e WHERE e."accountId" = ${accountId} AND e."domainId" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "Domain" d WHERE d.id = e."domainId")) AS domains,
      (SELECT count(*)::int FROM "EmailRecipient" r WHERE r."accountId" = ${accountId}
         AND NOT EXISTS (SELECT 1 FROM "Email" e WHERE e.id = r."emailId")) AS recipients`;
  return row;
}

describe("references of accepted emails", () => {
  it("deleting an email deletes its recipients and their events", async () => {
    const s = await sender();
    const sent = await sendBatch(s.key, batchOf(s.from, 3, "del"));
    expect(sent.status).toBe(201);
    const [gone, kept] = sent.json.data.map((d: { id: string }) => d.id) as string[];
    const db = getDb();
    const recipient = await db.emailRecipient.findFirstOrThrow({ where: { emailId: gone } });
    await db.emailEvent.create({
      data: { id: `evt_ref_${gone}`, accountId: s.accountId, emailId: gone, recipientId: recipient.id, type: "email.sent" },
    });

    await db.email.delete({ where: { id: gone } });

    expect(await db.emailRecipient.count({ where: { emailId: gone } })).toBe(0);
    expect(await db.emailEvent.count({ where: { emailId: gone } })).toBe(0);
    expect(await db.emailRecipient.count({ where: { emailId: kept } })).toBe(2);
    expect(await dangling(s.accountId)).toEqual({ domains: 0, recipients: 0 });
  });

  it("deleting a domain keeps its emails and clears their domain", async () => {
    const s = await sender();
    const sent = await sendBatch(s.key, batchOf(s.from, 4, "dom"));
    expect(sent.status).toBe(201);
    const ids = sent.json.data.map((d: { id: string }) => d.id) as string[];

    const removed = await call(deleteDomainRoute, {
      method: "DELETE",
      path: `/api/v1/domains/${s.domainId}`,
      key: s.key,
      params: { id: s.domainId },
    });
    expect(removed.status).toBe(200);

    const emails = await getDb().email.findMany({ where: { id: { in: ids } }, select: { domainId: true } });
    expect(emails).toHaveLength(4);
    expect(emails.every((e) => e.domainId === null)).toBe(true);
    expect(await getDb().emailRecipient.count({ where: { emailId: { in: ids } } })).toBe(8);
  });

  it("deleting a domain finds its emails through its account, without reading every account's emails", async () => {
    const s = await sender();
    expect((await sendBatch(s.key, batchOf(s.from, 2, "scan"))).status).toBe(201);
    const scans = await seqScansDuring(["Email"], (tx) => tx.domain.delete({ where: { id: s.domainId } }));
    expect(scans).toEqual({ Email: 0 });
    expect(await getDb().email.count({ where: { accountId: s.accountId, domainId: null } })).toBe(2);
  });

  it("deleting an account deletes its emails and their recipients, and no one else's", async () => {
    const s = await sender();
    const other = await sender();
    expect((await sendBatch(s.key, batchOf(s.from, 3, "acc"))).status).toBe(201);
    expect((await sendBatch(other.key, batchOf(other.from, 2, "oth"))).status).toBe(201);
    const db = getDb();

    await db.account.delete({ where: { id: s.accountId } });

    expect(await db.email.count({ where: { accountId: s.accountId } })).toBe(0);
    expect(await db.emailRecipient.count({ where: { accountId: s.accountId } })).toBe(0);
    expect(await db.email.count({ where: { accountId: other.accountId } })).toBe(2);
    expect(await db.emailRecipient.count({ where: { accountId: other.accountId } })).toBe(4);
  });

  // Two sessions at once: the PostgreSQL server tier (the embedded database has one session).
  it.skipIf(!onServer)("a send that meets a domain being deleted waits for the delete and stores nothing", async () => {
    const s = await sender();
    const before = await sendBatch(s.key, batchOf(s.from, 2, "before"));
    expect(before.status).toBe(201);
    const deleter = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await deleter.connect();
    try {
      await deleter.query("BEGIN");
      await deleter.query(`DELETE FROM "Domain" WHERE id = $1`, [s.domainId]);
      let settled = false;
      const send = sendBatch(s.key, batchOf(s.from, 3, "during")).finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 500));
      // The accept locks the domain it found verified: it waits for the open delete.
      expect(settled).toBe(false);
      await deleter.query("COMMIT");
      const during = await send;
      expect(during.status).toBe(403);
      expect(during.json.error.code).toBe("domain_not_verified");
    } finally {
      await deleter.end();
    }
    const emails = await getDb().email.findMany({ where: { accountId: s.accountId }, select: { domainId: true } });
    expect(emails).toHaveLength(2);
    expect(emails.every((e) => e.domainId === null)).toBe(true);
    expect(await dangling(s.accountId)).toEqual({ domains: 0, recipients: 0 });
  });
});
