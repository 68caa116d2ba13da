import { z } from "zod";
import { idOf, listOf, timestamp } from "@/lib/openapi/common";
import { CREDIT_TRANSACTION_TYPES } from "./schemas";

export const creditBalanceResponseSchema = z.object({ balance: z.number().int().meta({ example: 1000 }) });

export const creditTransactionResponseSchema = z
  .object({
    id: idOf("ctx"),
    type: z.enum(CREDIT_TRANSACTION_TYPES),
    amount: z.number().int().meta({ description: "Positive for grants and refunds, negative for debits." }),
    balanceAfter: z.number().int(),
    description: z.string(),
    emailId: idOf("em").nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "CreditTransaction" });

export const listCreditTransactionsResponseSchema = listOf(creditTransactionResponseSchema);
