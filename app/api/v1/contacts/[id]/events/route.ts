import { apiHandler } from "@/lib/api/handler";
import { listContactEventsQuerySchema } from "@/lib/events/schemas";
import { listContactEvents } from "@/lib/events/list-contact-events";

// GET /api/v1/contacts/:id/events – the contact's events, newest first
export const GET = apiHandler({ query: listContactEventsQuerySchema }, ({ auth, params, query }) =>
  listContactEvents({ accountId: auth.accountId, contactId: params.id, query }),
);
