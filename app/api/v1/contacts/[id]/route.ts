import { apiHandler } from "@/lib/api/handler";
import { updateContactBodySchema } from "@/lib/contacts/schemas";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { serializeContact } from "@/lib/contacts/serialize-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// :id is the contact's id or its email address (as Resend's SDK addresses contacts).
const contactId = (accountId: string, params: Record<string, string>) => resolveContactId({ accountId, idOrEmail: params.id });

// GET /api/v1/contacts/:id – one contact with its lists
export const GET = apiHandler({}, async ({ auth, params }) =>
  serializeContact(await getContactOrThrow({ accountId: auth.accountId, id: await contactId(auth.accountId, params) })),
);

// PATCH /api/v1/contacts/:id – change fields; properties merge, a null value removes one
export const PATCH = apiHandler({ body: updateContactBodySchema }, async ({ auth, params, body }) =>
  updateContact({ accountId: auth.accountId, id: await contactId(auth.accountId, params), input: body }),
);

// PUT /api/v1/contacts/:id – same as PATCH (DESIGN 3: PUT and PATCH both update)
export const PUT = PATCH;

// DELETE /api/v1/contacts/:id – delete a contact with its memberships and enrollments
export const DELETE = apiHandler({}, async ({ auth, params }) =>
  deleteContact({ accountId: auth.accountId, id: await contactId(auth.accountId, params) }),
);

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
