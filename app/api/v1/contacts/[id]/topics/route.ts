import { apiHandler } from "@/lib/api/handler";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { updateContactTopicsBodySchema } from "@/lib/topics/schemas";
import { listContactTopics } from "@/lib/topics/list-contact-topics";
import { updateContactTopics } from "@/lib/topics/update-contact-topics";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:id/topics – every topic with the contact's subscription (:id or email)
export const GET = apiHandler({}, async ({ auth, params }) =>
  listContactTopics({ accountId: auth.accountId, contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }) }),
);

// PATCH /api/v1/contacts/:id/topics – opt the contact in to or out of topics [{id, subscription}]
export const PATCH = apiHandler({ body: updateContactTopicsBodySchema }, async ({ auth, params, body }) =>
  updateContactTopics({
    accountId: auth.accountId,
    contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }),
    choices: body,
  }),
);

export const { POST, PUT, DELETE, OPTIONS } = refuseOtherMethods({ GET, PATCH });
