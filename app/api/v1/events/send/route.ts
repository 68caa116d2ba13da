import { apiHandler, json } from "@/lib/api/handler";
import { sendEventBodySchema } from "@/lib/events/schemas";
import { sendEvent } from "@/lib/events/send-event";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/events/send – the `resend` SDK's events.send: record a contact's event (by id or address)
export const POST = apiHandler({ body: sendEventBodySchema, scope: "send:email" }, async ({ auth, body }) =>
  json(await sendEvent({ accountId: auth.accountId, input: body }), 202),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
