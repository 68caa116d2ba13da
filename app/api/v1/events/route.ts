import { apiRoute } from "@/lib/api/api-route";
import { recordEventOp } from "@/lib/events/operations";
import { recordEvent } from "@/lib/events/record-event";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/events – record a contact's event (upserting the contact) and start the automations it triggers
export const POST = apiRoute(recordEventOp, async ({ auth, body }) => {
  const { id } = await recordEvent({ accountId: auth.accountId, input: body });
  return { id };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
