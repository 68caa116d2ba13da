import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import { serializeCreditTransaction } from "./serialize-credit-transaction";
import type { ListCreditTransactionsQuery } from "./schemas";

/** The account's credit ledger, newest first, optionally one type (grant, debit, refund). */
export async function listCreditTransactions(options: { accountId: string; query: ListCreditTransactionsQuery }) {
  const { limit, offset, type } = options.query;
  const db = getDb();
  const where: Prisma.CreditTransactionWhereInput = { accountId: options.accountId, ...(type ? { type } : {}) };
  const [rows, total] = await Promise.all([
    db.creditTransaction.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.creditTransaction.count({ where }),
  ]);
  return paginated(rows.map(serializeCreditTransaction), total, { limit, offset });
}
