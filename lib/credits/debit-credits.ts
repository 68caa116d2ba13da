import type { Db, Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError, notFound } from "@/lib/api/errors";
import type { CreditTransaction } from "@/lib/generated/prisma/client";

/**
 * Takes `amount` credits and writes the debit ledger row, inside the caller's transaction.
 * The balance check, the decrement and the ledger row are ONE statement: concurrent debits
 * queue on the account row and can never take the balance below zero, and the row lock is
 * held for as little as possible (call this last in a transaction). Throws
 * insufficient_credits (403) when the balance is short; nothing changes then.
 */
export async function debitCredits(
  tx: Tx,
  options: { accountId: string; amount: number; emailId?: string | null; description: string },
): Promise<CreditTransaction> {
  const { accountId, amount } = options;
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`debit amount must be a positive integer, got ${amount}`);
  const id = newId("ctx");
  const createdAt = now();
  const rows = await tx.$queryRaw<{ balanceAfter: number }[]>`
    WITH updated AS (
      UPDATE "Account"
      SET "creditBalance" = "creditBalance" - ${amount}, "updatedAt" = ${createdAt}
      WHERE id = ${accountId} AND "creditBalance" >= ${amount}
      RETURNING "creditBalance"
    )
    INSERT INTO "CreditTransaction" (id, "accountId", type, amount, "balanceAfter", description, "emailId", "createdAt")
    SELECT ${id}, ${accountId}, 'debit'::"CreditTransactionType", ${amount}, "creditBalance", ${options.description}, ${options.emailId ?? null}, ${createdAt}
    FROM updated
    RETURNING "balanceAfter"`;
  if (!rows.length) throw await insufficientCredits(tx, accountId, amount);
  return {
    id,
    accountId,
    type: "debit",
    amount,
    balanceAfter: rows[0].balanceAfter,
    description: options.description,
    emailId: options.emailId ?? null,
    createdAt,
  };
}

/**
 * The insufficient_credits error (403) for a debit of `amount` that found the balance short,
 * naming the balance as it is now (404 when the account is gone); email_not_confirmed (403)
 * when the account's free credits still wait for its sign-up confirmation.
 */
export async function insufficientCredits(db: Db | Tx, accountId: string, amount: number): Promise<ApiError> {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { creditBalance: true, emailConfirmedAt: true, freeCreditsPending: true },
  });
  if (!account) return notFound("account");
  if (!account.emailConfirmedAt && account.freeCreditsPending > 0) {
    return new ApiError(
      "email_not_confirmed",
      `confirm the account's email address first: the ${account.freeCreditsPending} free credits become usable once the link we emailed is opened (the account has ${account.creditBalance} usable credits, this needs ${amount})`,
    );
  }
  return new ApiError(
    "insufficient_credits",
    `insufficient credits: this needs ${amount} credit${amount === 1 ? "" : "s"}, the account has ${account.creditBalance}`,
  );
}
