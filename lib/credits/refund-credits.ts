import { now } from "@/lib/clock/clock";
import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";

/**
 * Gives back the credits debited for one email, inside the caller's transaction. At most one
 * refund per email: a repeat (a retried job, a cancel racing a bounce) is a no-op returning
 * null, as is an email that was never debited. `amount` refunds part of the debit (never more).
 * An email of a batch has no debit row of its own (the batch is one row): its share is what
 * accept took for it, one credit per recipient (none for a test-run email).
 */
export async function refundCredits(tx: Tx, options: { accountId: string; emailId: string; description: string; amount?: number }) {
  const { accountId, emailId } = options;
  // Lock the account row first: two refunds of one email then run one after the other, and
  // the second sees the first's ledger row. (The ledger has no unique index to lean on.)
  if (!(await lockRow(tx, "Account", { id: accountId }))) throw notFound("account");

  const ledger = await tx.creditTransaction.groupBy({
    by: ["type"],
    where: { accountId, emailId, type: { in: ["debit", "refund"] } },
    _sum: { amount: true },
  });
  if (ledger.some((row) => row.type === "refund")) return null;
  const debited = ledger.find((row) => row.type === "debit")?._sum.amount ?? (await batchShare(tx, accountId, emailId));
  const amount = Math.min(options.amount ?? debited, debited);
  if (!Number.isInteger(amount) || amount <= 0) return null;

  const account = await tx.account.update({
    where: { id: accountId },
    data: { creditBalance: { increment: amount } },
    select: { creditBalance: true },
  });
  return tx.creditTransaction.create({
    data: {
      id: newId("ctx"),
      accountId,
      type: "refund",
      amount,
      balanceAfter: account.creditBalance,
      description: options.description,
      // The service clock, as every ledger row: the test clock orders them with the events.
      createdAt: now(),
      emailId,
    },
  });
}

async function batchShare(tx: Tx, accountId: string, emailId: string): Promise<number> {
  const email = await tx.email.findFirst({
    where: { id: emailId, accountId },
    select: { isTest: true, _count: { select: { recipients: true } } },
  });
  return !email || email.isTest ? 0 : email._count.recipients;
}
