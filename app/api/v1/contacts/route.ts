import { apiHandler, created } from "@/lib/api/handler";
import { createContactBodySchema, listContactsQuerySchema } from "@/lib/contacts/schemas";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contacts – create a contact (runs matching property_equals automations)
export const POST = apiHandler({ body: createContactBodySchema }, async ({ auth, body }) =>
  created(await createContact({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/contacts – list contacts, newest first; ?email= (part of the address), ?list= (name or id)
export const GET = apiHandler({ query: listContactsQuerySchema }, ({ auth, query }) => listContacts({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
