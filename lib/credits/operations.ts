import { defineOperation } from "@/lib/api/define-operation";
import { listCreditTransactionsQuerySchema } from "./schemas";
import { creditBalanceResponseSchema, listCreditTransactionsResponseSchema } from "./response-schemas";

export const getCreditBalanceOp = defineOperation({
  method: "GET",
  path: "/account/credits",
  id: "getCreditBalance",
  summary: "The credit balance",
  tag: "Account",
  response: creditBalanceResponseSchema,
});

export const listCreditTransactionsOp = defineOperation({
  method: "GET",
  path: "/account/credits/transactions",
  id: "listCreditTransactions",
  summary: "The credit ledger",
  tag: "Account",
  query: listCreditTransactionsQuerySchema,
  response: listCreditTransactionsResponseSchema,
});
