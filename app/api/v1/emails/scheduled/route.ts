import { apiHandler } from "@/lib/api/handler";
import { listEmails } from "@/lib/emails/list-emails";
import { listEmailsQuerySchema } from "@/lib/emails/schemas";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/emails/scheduled – scheduled emails, soonest first
export const GET = apiHandler({ query: listEmailsQuerySchema }, ({ auth, query }) =>
  listEmails({ accountId: auth.accountId, query, scheduledOnly: true }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
