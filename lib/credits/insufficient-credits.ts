import type { Db, Tx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";

/**
 * The insufficient_credits error (403) for a debit of `amount` that found the balance short
 * (the accept statement debits, lib/emails/store-accepted-emails.ts),
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
