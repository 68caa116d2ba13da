import { apiHandler, json } from "@/lib/api/handler";
import { recordEventBodySchema } from "@/lib/events/schemas";
import { recordEvent } from "@/lib/events/record-event";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/events – record a contact's event (upserting the contact) and start the automations it triggers
export const POST = apiHandler({ body: recordEventBodySchema, scope: "send:email" }, async ({ auth, body }) => {
  const { id } = await recordEvent({ accountId: auth.accountId, input: body });
  return json({ id }, 202);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
