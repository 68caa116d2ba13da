import { apiRoute } from "@/lib/api/api-route";
import { listCreditTransactions } from "@/lib/credits/list-credit-transactions";
import { listCreditTransactionsOp } from "@/lib/credits/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/account/credits/transactions – the credit ledger, newest first, optional ?type=
export const GET = apiRoute(listCreditTransactionsOp, ({ auth, query }) => listCreditTransactions({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
