import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

const searchParam = (name: string) => z.string().trim().toLowerCase().max(320, `${name} must be at most 320 characters`).optional();

export const listSuppressionsQuerySchema = paginationQuerySchema.extend({
  // Both search the address (case-insensitive, any part); `q` is the dashboard's name for it.
  q: searchParam("q"),
  email: searchParam("email"),
});

export const deleteSuppressionQuerySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("email query parameter must be an address")),
});

export type ListSuppressionsQuery = z.infer<typeof listSuppressionsQuerySchema>;
