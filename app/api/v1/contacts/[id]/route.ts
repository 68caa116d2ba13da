import { apiHandler } from "@/lib/api/handler";
import { updateContactBodySchema } from "@/lib/contacts/schemas";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { serializeContact } from "@/lib/contacts/serialize-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { deleteContact } from "@/lib/contacts/delete-contact";

// GET /api/v1/contacts/:id – one contact with its lists
export const GET = apiHandler({}, async ({ auth, params }) =>
  serializeContact(await getContactOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PATCH /api/v1/contacts/:id – change fields; properties merge, a null value removes one
export const PATCH = apiHandler({ body: updateContactBodySchema }, ({ auth, params, body }) =>
  updateContact({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/contacts/:id – delete a contact with its memberships and enrollments
export const DELETE = apiHandler({}, ({ auth, params }) => deleteContact({ accountId: auth.accountId, id: params.id }));
