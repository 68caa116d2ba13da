import { apiHandler, created, json } from "@/lib/api/handler";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { addListContact } from "@/lib/lists/add-list-contact";
import { removeListContact } from "@/lib/lists/remove-list-contact";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contacts/:id/segments/:segmentId – add the contact to a static segment (runs list_join
// automations); 201 when added, 200 when already a member
export const POST = apiHandler({}, async ({ auth, params }) => {
  const contactId = await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id });
  const result = await addListContact({ accountId: auth.accountId, listId: params.segmentId, input: { contactId } });
  const body = { id: params.segmentId, added: result.added };
  return result.added ? created(body) : json(body);
});

// DELETE /api/v1/contacts/:id/segments/:segmentId – remove the contact from the segment
export const DELETE = apiHandler({}, async ({ auth, params }) => {
  const contactId = await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id });
  await removeListContact({ accountId: auth.accountId, listId: params.segmentId, contactId });
  return { id: params.segmentId, contactId, deleted: true as const };
});

export const { GET, PUT, PATCH, OPTIONS } = refuseOtherMethods({ POST, DELETE });
