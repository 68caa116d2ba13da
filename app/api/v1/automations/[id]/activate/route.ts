import { apiRoute } from "@/lib/api/api-route";
import { activateAutomation } from "@/lib/automations/activate-automation";
import { activateAutomationOp } from "@/lib/automations/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/activate – start enrolling contacts (400 lists what blocks it);
// {"enrollExisting": true} also enrolls the contacts who already match the trigger
export const POST = apiRoute(activateAutomationOp, ({ auth, params, body }) =>
  activateAutomation({ accountId: auth.accountId, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
