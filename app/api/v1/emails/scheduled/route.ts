import { apiRoute } from "@/lib/api/api-route";
import { listEmails } from "@/lib/emails/list-emails";
import { listScheduledEmailsOp } from "@/lib/emails/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/emails/scheduled – scheduled emails, soonest first
export const GET = apiRoute(listScheduledEmailsOp, ({ auth, query }) =>
  listEmails({ accountId: auth.accountId, query, scheduledOnly: true }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
