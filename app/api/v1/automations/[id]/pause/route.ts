import { apiHandler } from "@/lib/api/handler";
import { pauseAutomation } from "@/lib/automations/pause-automation";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/pause – stop new enrollments; existing ones keep going
export const POST = apiHandler({}, ({ auth, params }) => pauseAutomation({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
