import { apiRoute } from "@/lib/api/api-route";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContactOp, listContactsOp } from "@/lib/contacts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contacts – create a contact (runs matching property_equals automations)
export const POST = apiRoute(createContactOp, ({ auth, body }) => createContact({ accountId: auth.accountId, input: body }));

// GET /api/v1/contacts – list contacts, newest first; ?email= (part of the address), ?list= (name or id)
export const GET = apiRoute(listContactsOp, ({ auth, query }) => listContacts({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
