import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/handler";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { addListContact } from "@/lib/lists/add-list-contact";
import { removeListContact } from "@/lib/lists/remove-list-contact";
import { addContactSegmentOp, removeContactSegmentOp } from "@/lib/segments/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contacts/:id/segments/:segmentId – add the contact to a static segment (runs list_join
// automations); 201 when added, 200 when already a member
export const POST = apiRoute(addContactSegmentOp, async ({ auth, params }) => {
  const contactId = await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id });
  const result = await addListContact({ accountId: auth.accountId, listId: params.segmentId, input: { contactId } });
  return json({ id: params.segmentId, added: result.added }, result.added ? 201 : 200);
});

// DELETE /api/v1/contacts/:id/segments/:segmentId – remove the contact from the segment
export const DELETE = apiRoute(removeContactSegmentOp, async ({ auth, params }) => {
  const contactId = await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id });
  await removeListContact({ accountId: auth.accountId, listId: params.segmentId, contactId });
  return { id: params.segmentId, contactId, deleted: true as const };
});

export const { GET, PUT, PATCH, OPTIONS } = refuseOtherMethods({ POST, DELETE });
