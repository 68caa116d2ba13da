import { apiHandler } from "@/lib/api/handler";
import { listContactEventsQuerySchema } from "@/lib/events/schemas";
import { listContactEvents } from "@/lib/events/list-contact-events";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:id/events – the contact's events, newest first
export const GET = apiHandler({ query: listContactEventsQuerySchema }, ({ auth, params, query }) =>
  listContactEvents({ accountId: auth.accountId, contactId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
