import { apiHandler } from "@/lib/api/handler";
import { activateAutomation } from "@/lib/automations/activate-automation";

// POST /api/v1/automations/:id/activate – start enrolling contacts (400 lists what blocks it)
export const POST = apiHandler({}, ({ auth, params }) => activateAutomation({ accountId: auth.accountId, id: params.id }));
