import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listReceivedEmails } from "@/lib/receiving/list-received-emails";
import { listReceivedEmailsOp } from "@/lib/receiving/operations";

// GET /api/v1/emails/receiving – received messages, newest first (q: subject or sender)
export const GET = apiRoute(listReceivedEmailsOp, ({ auth, query }) => listReceivedEmails({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
