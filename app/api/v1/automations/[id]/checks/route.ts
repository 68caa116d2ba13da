import { apiRoute } from "@/lib/api/api-route";
import { getAutomationChecks } from "@/lib/automations/check-automation";
import { checkAutomationOp } from "@/lib/automations/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/checks – what blocks activation and what deserves a look, each with a fix
export const GET = apiRoute(checkAutomationOp, ({ auth, params }) => getAutomationChecks({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
