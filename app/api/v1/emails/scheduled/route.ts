import { apiHandler } from "@/lib/api/handler";
import { listEmails } from "@/lib/emails/list-emails";
import { listEmailsQuerySchema } from "@/lib/emails/schemas";

// GET /api/v1/emails/scheduled – scheduled emails, soonest first
export const GET = apiHandler({ query: listEmailsQuerySchema }, ({ auth, query }) =>
  listEmails({ accountId: auth.accountId, query, scheduledOnly: true }),
);
