import { z } from "zod";
import { apiHandler } from "@/lib/api/handler";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { listInboxMessages } from "@/lib/inbox/list-inbox-messages";

// GET /api/v1/inbox – the dev inbox (messages the inbox transport captured), newest first
export const GET = apiHandler({ query: paginationQuerySchema.extend({ email_id: z.string().optional() }) }, ({ auth, query }) =>
  listInboxMessages({ accountId: auth.accountId, page: query, emailId: query.email_id }),
);
