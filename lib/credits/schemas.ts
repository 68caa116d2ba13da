import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

export const CREDIT_TRANSACTION_TYPES = ["grant", "debit", "refund"] as const;

export const listCreditTransactionsQuerySchema = paginationQuerySchema.extend({
  type: z.enum(CREDIT_TRANSACTION_TYPES, { message: `type must be one of: ${CREDIT_TRANSACTION_TYPES.join(", ")}` }).optional(),
});

export type ListCreditTransactionsQuery = z.infer<typeof listCreditTransactionsQuerySchema>;
