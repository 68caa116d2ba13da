import { apiHandler, created, json } from "@/lib/api/handler";
import { addListContactBodySchema } from "@/lib/lists/schemas";
import { addListContact } from "@/lib/lists/add-list-contact";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/lists/:id/contacts – add {contactId} or {email, name?, properties?} (created when new);
// 201 when added, 200 when already a member; runs matching list_join automations
export const POST = apiHandler({ body: addListContactBodySchema }, async ({ auth, params, body }) => {
  const result = await addListContact({ accountId: auth.accountId, listId: params.id, input: body });
  return result.added ? created(result) : json(result);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
