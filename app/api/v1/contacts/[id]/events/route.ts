import { apiRoute } from "@/lib/api/api-route";
import { listContactEvents } from "@/lib/events/list-contact-events";
import { listContactEventsOp } from "@/lib/events/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:id/events – the contact's events, newest first
export const GET = apiRoute(listContactEventsOp, ({ auth, params, query }) =>
  listContactEvents({ accountId: auth.accountId, contactId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
