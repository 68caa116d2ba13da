import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

export const listInboxQuerySchema = paginationQuerySchema.extend({ email_id: z.string().optional() });
