import { describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/v1/account/credits/route";
import { GET as transactionsRoute } from "@/app/api/v1/account/credits/transactions/route";
import { getDb } from "@/lib/db/client";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { grantCredits } from "@/lib/credits/grant-credits";
import { refundCredits } from "@/lib/credits/refund-credits";
import { ApiError } from "@/lib/api/errors";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

/** A fresh account holding exactly `balance` credits, whatever FREE_CREDITS is. */
async function accountWithBalance(balance: number) {
  const account = await makeAccount();
  const db = getDb();
  await db.$transaction(async (tx) => {
    await tx.creditTransaction.deleteMany({ where: { accountId: account.accountId } });
    await tx.account.update({ where: { id: account.accountId }, data: { creditBalance: 0 } });
    if (balance > 0) await grantCredits(tx, { accountId: account.accountId, amount: balance, description: "test grant" });
  });
  const { domain } = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `hello@${domain}` };
}

// 50 transactions queue for a pool of 4 connections; on a busy machine the last ones can wait
// longer than Prisma's default 2 s maxWait, which is not what these tests are about.
const txOptions = { maxWait: 30_000, timeout: 30_000 };
// Credits are debited where they are spent: accepting an email costs one per recipient.
const send = async (account: { accountId: string; from: string }, recipients: number) => {
  const to = Array.from({ length: recipients }, (_, i) => `r${i}@credits.example`);
  const [id] = await acceptEmails({
    accountId: account.accountId,
    emails: [{ from: account.from, to, subject: "s", text: "x" }],
    source: { kind: "api" },
  });
  return id;
};
const refund = (accountId: string, id: string, amount?: number) =>
  getDb().$transaction((tx) => refundCredits(tx, { accountId, emailId: id, description: "test refund", amount }), txOptions);
const balanceOf = async (accountId: string) => (await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;

describe("credits", () => {
  it("lets 50 concurrent sends of 1 credit against a balance of 10 succeed exactly 10 times", async () => {
    const sender = await accountWithBalance(10);
    const { accountId } = sender;
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => send(sender, 1)));

    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(10);
    expect(rejected).toHaveLength(40);
    for (const r of rejected) {
      expect(r.reason, String(r.reason)).toBeInstanceOf(ApiError);
      expect(r.reason).toMatchObject({ code: "insufficient_credits", status: 403 });
    }
    expect(await balanceOf(accountId)).toBe(0);

    const debits = await getDb().creditTransaction.findMany({ where: { accountId, type: "debit" } });
    expect(debits).toHaveLength(10);
    expect(debits.map((d) => d.balanceAfter).sort((a, b) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(debits.every((d) => d.amount === 1)).toBe(true);
  });

  it("refuses a send larger than the balance, saying how much is needed and held", async () => {
    const sender = await accountWithBalance(3);
    const { accountId } = sender;
    await expect(send(sender, 5)).rejects.toMatchObject({
      code: "insufficient_credits",
      message: "insufficient credits: this needs 5 credits, the account has 3",
    });
    expect(await balanceOf(accountId)).toBe(3);
    const id = await send(sender, 3);
    const row = await getDb().creditTransaction.findFirstOrThrow({ where: { accountId, type: "debit" } });
    expect(row).toMatchObject({ type: "debit", amount: 3, balanceAfter: 0, emailId: id });
    await expect(send(sender, 1)).rejects.toMatchObject({ message: /needs 1 credit, the account has 0/ });
  });

  it("refunds an email's debit once; repeats and never-debited emails are no-ops", async () => {
    const sender = await accountWithBalance(10);
    const { accountId } = sender;
    const first = await send(sender, 3);
    const second = await send(sender, 2);
    expect(await balanceOf(accountId)).toBe(5);

    const refunded = await refund(accountId, first);
    expect(refunded).toMatchObject({ type: "refund", amount: 3, balanceAfter: 8, emailId: first });
    expect(await refund(accountId, first)).toBeNull();
    expect(await refund(accountId, "em_never_debited")).toBeNull();
    expect(await balanceOf(accountId)).toBe(8);

    // Concurrent refunds of one email still give it back once; a partial refund is capped.
    const racing = await Promise.all(Array.from({ length: 5 }, () => refund(accountId, second, 10)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(racing.find(Boolean)).toMatchObject({ amount: 2, balanceAfter: 10 });
    expect(await balanceOf(accountId)).toBe(10);
    const refunds = await getDb().creditTransaction.count({ where: { accountId, type: "refund" } });
    expect(refunds).toBe(2);
  });

  it("serves the balance and the ledger, newest first, paginated and filtered by type", async () => {
    const sender = await accountWithBalance(10);
    const { accountId, key } = sender;
    // Timestamps have millisecond precision: keep the rows apart so "newest first" is one order.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    await tick();
    const first = await send(sender, 4);
    await tick();
    await refund(accountId, first);
    await tick();
    const second = await send(sender, 1);

    const balance = await call(balanceRoute, { path: "/api/v1/account/credits", key });
    expect(balance.status).toBe(200);
    expect(balance.json).toEqual({ balance: 9 });

    const path = "/api/v1/account/credits/transactions";
    const all = await call(transactionsRoute, { path, key });
    expect(all.status).toBe(200);
    expect(all.json.pagination).toEqual({ limit: 20, offset: 0, total: 4, hasMore: false });
    expect(all.json.data.map((t: { type: string; amount: number; balanceAfter: number }) => [t.type, t.amount, t.balanceAfter])).toEqual([
      ["debit", 1, 9],
      ["refund", 4, 10],
      ["debit", 4, 6],
      ["grant", 10, 10],
    ]);
    expect(Object.keys(all.json.data[0]).sort()).toEqual(["amount", "balanceAfter", "createdAt", "description", "emailId", "id", "type"]);
    expect(all.json.data[0]).toMatchObject({ emailId: second, description: "Email to 1 recipient" });
    expect(all.json.data[0].id).toMatch(/^ctx_/);
    expect(all.json.data[0].createdAt).toMatch(/Z$/);

    const page = await call(transactionsRoute, { path: `${path}?limit=2&offset=1`, key });
    expect(page.json.data.map((t: { type: string }) => t.type)).toEqual(["refund", "debit"]);
    expect(page.json.pagination).toEqual({ limit: 2, offset: 1, total: 4, hasMore: true });

    const debits = await call(transactionsRoute, { path: `${path}?type=debit`, key });
    expect(debits.json.data.map((t: { amount: number }) => t.amount)).toEqual([1, 4]);
    expect(debits.json.pagination.total).toBe(2);

    const badType = await call(transactionsRoute, { path: `${path}?type=bonus`, key });
    expect(badType.status).toBe(400);
    expect(badType.json.error.details[0].path).toBe("type");

    // Another account sees only its own ledger.
    const other = await makeAccount();
    const theirs = await call(transactionsRoute, { path, key: other.key });
    expect(theirs.json.data.every((t: { emailId: string | null }) => t.emailId === null)).toBe(true);
  });
});
