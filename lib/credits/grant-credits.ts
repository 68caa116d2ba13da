import { now } from "@/lib/clock/clock";
import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";

/** Adds credits and writes the ledger row, inside the caller's transaction. */
export async function grantCredits(tx: Tx, options: { accountId: string; amount: number; description: string }) {
  const account = await tx.account.update({
    where: { id: options.accountId },
    data: { creditBalance: { increment: options.amount } },
    select: { creditBalance: true },
  });
  return tx.creditTransaction.create({
    data: {
      id: newId("ctx"),
      accountId: options.accountId,
      type: "grant",
      amount: options.amount,
      balanceAfter: account.creditBalance,
      description: options.description,
      // The service clock, as every ledger row: the test clock orders them with the events.
      createdAt: now(),
    },
  });
}
