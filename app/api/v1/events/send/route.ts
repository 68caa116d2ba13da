import { apiRoute } from "@/lib/api/api-route";
import { sendEventOp } from "@/lib/events/operations";
import { sendEvent } from "@/lib/events/send-event";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/events/send – the `resend` SDK's events.send: record a contact's event (by id or address)
export const POST = apiRoute(sendEventOp, ({ auth, body }) => sendEvent({ accountId: auth.accountId, input: body }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
