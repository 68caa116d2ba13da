import { apiHandler } from "@/lib/api/handler";
import { contactActivityQuerySchema } from "@/lib/contacts/activity-schemas";
import { getContactActivity } from "@/lib/contacts/get-contact-activity";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:idOrEmail/activity – the contact's latest emails with their events, and its enrollments
export const GET = apiHandler({ query: contactActivityQuerySchema }, async ({ auth, params, query }) =>
  getContactActivity({
    accountId: auth.accountId,
    contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }),
    query,
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
