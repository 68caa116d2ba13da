import { apiRoute } from "@/lib/api/api-route";
import { pauseAutomationOp } from "@/lib/automations/operations";
import { pauseAutomation } from "@/lib/automations/pause-automation";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/pause – stop new enrollments; existing ones keep going
export const POST = apiRoute(pauseAutomationOp, ({ auth, params }) => pauseAutomation({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
