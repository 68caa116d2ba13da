import { apiRoute } from "@/lib/api/api-route";
import { getContactActivity } from "@/lib/contacts/get-contact-activity";
import { getContactActivityOp } from "@/lib/contacts/operations";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:idOrEmail/activity – the contact's latest emails with their events, and its enrollments
export const GET = apiRoute(getContactActivityOp, async ({ auth, params, query }) =>
  getContactActivity({
    accountId: auth.accountId,
    contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }),
    query,
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
