import { apiRoute } from "@/lib/api/api-route";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { deleteContactOp, getContactOp, updateContactOp, updateContactPutOp } from "@/lib/contacts/operations";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { serializeContact } from "@/lib/contacts/serialize-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// :id is the contact's id or its email address (as Resend's SDK addresses contacts).
const contactId = (accountId: string, params: Record<string, string>) => resolveContactId({ accountId, idOrEmail: params.id });

// GET /api/v1/contacts/:id – one contact with its lists
export const GET = apiRoute(getContactOp, async ({ auth, params }) =>
  serializeContact(await getContactOrThrow({ accountId: auth.accountId, id: await contactId(auth.accountId, params) })),
);

// PATCH /api/v1/contacts/:id – change fields; properties merge, a null value removes one
export const PATCH = apiRoute(updateContactOp, async ({ auth, params, body }) =>
  updateContact({ accountId: auth.accountId, id: await contactId(auth.accountId, params), input: body }),
);

// PUT /api/v1/contacts/:id – same as PATCH (PUT and PATCH both update)
export const PUT = apiRoute(updateContactPutOp, PATCH.handler);

// DELETE /api/v1/contacts/:id – delete a contact with its memberships and enrollments
export const DELETE = apiRoute(deleteContactOp, async ({ auth, params }) =>
  deleteContact({ accountId: auth.accountId, id: await contactId(auth.accountId, params) }),
);

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
