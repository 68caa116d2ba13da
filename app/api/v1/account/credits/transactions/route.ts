import { apiHandler } from "@/lib/api/handler";
import { listCreditTransactionsQuerySchema } from "@/lib/credits/schemas";
import { listCreditTransactions } from "@/lib/credits/list-credit-transactions";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/account/credits/transactions – the credit ledger, newest first, optional ?type=
export const GET = apiHandler({ query: listCreditTransactionsQuerySchema }, ({ auth, query }) =>
  listCreditTransactions({ accountId: auth.accountId, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
