import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { grantCredits } from "@/lib/credits/grant-credits";
import { confirmationTokenValid, parseConfirmationToken } from "./confirmation-token";

/**
 * Confirms the account's email from the link's token and grants the free credits that waited
 * for it. Idempotent: only the first confirmation (a conditional update) grants them.
 */
export async function confirmEmail(token: string): Promise<{ accountId: string; granted: number }> {
  const invalid = new ApiError(
    "validation_error",
    "this confirmation link is invalid or has expired; sign in and ask for a new one (POST /api/v1/account/confirmation)",
    [{ path: "token", message: "invalid or expired" }],
  );
  const parsed = parseConfirmationToken(token);
  if (!parsed) throw invalid;
  const db = getDb();
  const account = await db.account.findUnique({ where: { id: parsed.accountId }, select: { id: true, email: true } });
  if (!account || !confirmationTokenValid(parsed, account.email, now().getTime())) throw invalid;
  return db.$transaction(async (tx) => {
    const { count } = await tx.account.updateMany({
      where: { id: account.id, emailConfirmedAt: null },
      data: { emailConfirmedAt: now() },
    });
    if (!count) return { accountId: account.id, granted: 0 };
    // The update above holds the row lock until this transaction ends.
    const { freeCreditsPending: pending } = await tx.account.findUniqueOrThrow({
      where: { id: account.id },
      select: { freeCreditsPending: true },
    });
    if (pending > 0) {
      await tx.account.update({ where: { id: account.id }, data: { freeCreditsPending: 0 } });
      await grantCredits(tx, { accountId: account.id, amount: pending, description: "Free credits on email confirmation" });
    }
    return { accountId: account.id, granted: pending };
  });
}
