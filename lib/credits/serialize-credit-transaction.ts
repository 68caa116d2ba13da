import type { CreditTransaction } from "@/lib/generated/prisma/client";

export function serializeCreditTransaction(row: CreditTransaction) {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    description: row.description,
    emailId: row.emailId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type CreditTransactionResponse = ReturnType<typeof serializeCreditTransaction>;
