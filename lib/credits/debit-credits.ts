import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { ApiError, notFound } from "@/lib/api/errors";

/**
 * Takes `amount` credits and writes the debit ledger row, inside the caller's transaction.
 * The balance check and the decrement are one conditional UPDATE, so concurrent debits queue
 * on the account row and can never take the balance below zero. Throws insufficient_credits
 * (403) when the balance is short; nothing changes then.
 */
export async function debitCredits(
  tx: Tx,
  options: { accountId: string; amount: number; emailId?: string | null; description: string },
) {
  const { accountId, amount } = options;
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`debit amount must be a positive integer, got ${amount}`);
  const rows = await tx.$queryRaw<{ creditBalance: number }[]>`
    UPDATE "Account"
    SET "creditBalance" = "creditBalance" - ${amount}, "updatedAt" = CURRENT_TIMESTAMP
    WHERE id = ${accountId} AND "creditBalance" >= ${amount}
    RETURNING "creditBalance"`;
  if (!rows.length) {
    const account = await tx.account.findUnique({ where: { id: accountId }, select: { creditBalance: true } });
    if (!account) throw notFound("account");
    throw new ApiError(
      "insufficient_credits",
      `insufficient credits: this needs ${amount} credit${amount === 1 ? "" : "s"}, the account has ${account.creditBalance}`,
    );
  }
  return tx.creditTransaction.create({
    data: {
      id: newId("ctx"),
      accountId,
      type: "debit",
      amount,
      balanceAfter: rows[0].creditBalance,
      description: options.description,
      emailId: options.emailId ?? null,
    },
  });
}
