import { apiHandler } from "@/lib/api/handler";
import { listInboxQuerySchema } from "@/lib/inbox/schemas";
import { listInboxMessages } from "@/lib/inbox/list-inbox-messages";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/inbox – the dev inbox (messages the inbox transport captured), newest first
export const GET = apiHandler({ query: listInboxQuerySchema }, ({ auth, query }) =>
  listInboxMessages({ accountId: auth.accountId, page: query, emailId: query.email_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
