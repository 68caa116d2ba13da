import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/handler";
import { addListContact } from "@/lib/lists/add-list-contact";
import { addListContactOp } from "@/lib/lists/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/lists/:id/contacts – add {contactId} or {email, name?, properties?} (created when new);
// 201 when added, 200 when already a member; runs matching list_join automations
export const POST = apiRoute(addListContactOp, async ({ auth, params, body }) => {
  const result = await addListContact({ accountId: auth.accountId, listId: params.id, input: body });
  return json(result, result.added ? 201 : 200);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
