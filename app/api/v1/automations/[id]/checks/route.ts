import { apiHandler } from "@/lib/api/handler";
import { getAutomationChecks } from "@/lib/automations/check-automation";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/checks – what blocks activation and what deserves a look, each with a fix
export const GET = apiHandler({}, ({ auth, params }) => getAutomationChecks({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
