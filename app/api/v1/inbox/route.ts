import { apiRoute } from "@/lib/api/api-route";
import { listInboxMessages } from "@/lib/inbox/list-inbox-messages";
import { listInboxMessagesOp } from "@/lib/inbox/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/inbox – the dev inbox (messages the inbox transport captured), newest first
export const GET = apiRoute(listInboxMessagesOp, ({ auth, query }) =>
  listInboxMessages({ accountId: auth.accountId, page: query, emailId: query.email_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
