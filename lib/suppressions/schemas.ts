import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

export const listSuppressionsQuerySchema = paginationQuerySchema.extend({
  email: z.string().trim().toLowerCase().optional(),
});

export const deleteSuppressionQuerySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("email query parameter must be an address")),
});
