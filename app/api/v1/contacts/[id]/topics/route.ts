import { apiRoute } from "@/lib/api/api-route";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { listContactTopics } from "@/lib/topics/list-contact-topics";
import { updateContactTopics } from "@/lib/topics/update-contact-topics";
import { listContactTopicsOp, updateContactTopicsOp } from "@/lib/topics/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:id/topics – every topic with the contact's subscription (:id or email)
export const GET = apiRoute(listContactTopicsOp, async ({ auth, params }) =>
  listContactTopics({ accountId: auth.accountId, contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }) }),
);

// PATCH /api/v1/contacts/:id/topics – opt the contact in to or out of topics [{id, subscription}]
export const PATCH = apiRoute(updateContactTopicsOp, async ({ auth, params, body }) =>
  updateContactTopics({
    accountId: auth.accountId,
    contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }),
    choices: body,
  }),
);

export const { POST, PUT, DELETE, OPTIONS } = refuseOtherMethods({ GET, PATCH });
