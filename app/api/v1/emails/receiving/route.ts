import { apiHandler } from "@/lib/api/handler";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listReceivedEmails } from "@/lib/receiving/list-received-emails";
import { listReceivedEmailsQuerySchema } from "@/lib/receiving/schemas";

// GET /api/v1/emails/receiving – received messages, newest first (q: subject or sender)
export const GET = apiHandler({ query: listReceivedEmailsQuerySchema }, ({ auth, query }) =>
  listReceivedEmails({ accountId: auth.accountId, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
