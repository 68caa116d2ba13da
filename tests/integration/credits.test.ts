import { describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/v1/account/credits/route";
import { GET as transactionsRoute } from "@/app/api/v1/account/credits/transactions/route";
import { getDb } from "@/lib/db/client";
import { debitCredits } from "@/lib/credits/debit-credits";
import { grantCredits } from "@/lib/credits/grant-credits";
import { refundCredits } from "@/lib/credits/refund-credits";
import { ApiError } from "@/lib/api/errors";
import { call, makeAccount } from "../helpers/api";

const emailId = (n: number) => `em_test${n}`;

/** A fresh account holding exactly `balance` credits, whatever FREE_CREDITS is. */
async function accountWithBalance(balance: number) {
  const account = await makeAccount();
  const db = getDb();
  await db.$transaction(async (tx) => {
    await tx.creditTransaction.deleteMany({ where: { accountId: account.accountId } });
    await tx.account.update({ where: { id: account.accountId }, data: { creditBalance: 0 } });
    if (balance > 0) await grantCredits(tx, { accountId: account.accountId, amount: balance, description: "test grant" });
  });
  return account;
}

// 50 transactions queue for a pool of 4 connections; on a busy machine the last ones can wait
// longer than Prisma's default 2 s maxWait, which is not what these tests are about.
const txOptions = { maxWait: 30_000, timeout: 30_000 };
const debit = (accountId: string, amount: number, id?: string) =>
  getDb().$transaction((tx) => debitCredits(tx, { accountId, amount, emailId: id, description: "test send" }), txOptions);
const refund = (accountId: string, id: string, amount?: number) =>
  getDb().$transaction((tx) => refundCredits(tx, { accountId, emailId: id, description: "test refund", amount }), txOptions);
const balanceOf = async (accountId: string) => (await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;

describe("credits", () => {
  it("lets 50 concurrent debits of 1 against a balance of 10 succeed exactly 10 times", async () => {
    const { accountId } = await accountWithBalance(10);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => debit(accountId, 1, emailId(i))));

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

  it("refuses a debit larger than the balance, saying how much is needed and held", async () => {
    const { accountId } = await accountWithBalance(3);
    await expect(debit(accountId, 5)).rejects.toMatchObject({
      code: "insufficient_credits",
      message: "insufficient credits: this needs 5 credits, the account has 3",
    });
    expect(await balanceOf(accountId)).toBe(3);
    const row = await debit(accountId, 3, emailId(1));
    expect(row).toMatchObject({ type: "debit", amount: 3, balanceAfter: 0, emailId: emailId(1) });
    await expect(debit(accountId, 1)).rejects.toMatchObject({ message: /needs 1 credit, the account has 0/ });
    await expect(debit(accountId, 0)).rejects.toThrow(/positive integer/);
  });

  it("refunds an email's debit once; repeats and never-debited emails are no-ops", async () => {
    const { accountId } = await accountWithBalance(10);
    await debit(accountId, 3, emailId(1));
    await debit(accountId, 2, emailId(2));
    expect(await balanceOf(accountId)).toBe(5);

    const first = await refund(accountId, emailId(1));
    expect(first).toMatchObject({ type: "refund", amount: 3, balanceAfter: 8, emailId: emailId(1) });
    expect(await refund(accountId, emailId(1))).toBeNull();
    expect(await refund(accountId, "em_never_debited")).toBeNull();
    expect(await balanceOf(accountId)).toBe(8);

    // Concurrent refunds of one email still give it back once; a partial refund is capped.
    const racing = await Promise.all(Array.from({ length: 5 }, () => refund(accountId, emailId(2), 10)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(racing.find(Boolean)).toMatchObject({ amount: 2, balanceAfter: 10 });
    expect(await balanceOf(accountId)).toBe(10);
    const refunds = await getDb().creditTransaction.count({ where: { accountId, type: "refund" } });
    expect(refunds).toBe(2);
  });

  it("serves the balance and the ledger, newest first, paginated and filtered by type", async () => {
    const { accountId, key } = await accountWithBalance(10);
    // Timestamps have millisecond precision: keep the rows apart so "newest first" is one order.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    await tick();
    await debit(accountId, 4, emailId(1));
    await tick();
    await refund(accountId, emailId(1));
    await tick();
    await debit(accountId, 1, emailId(2));

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
    expect(all.json.data[0]).toMatchObject({ emailId: emailId(2), description: "test send" });
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
