import { apiHandler } from "@/lib/api/handler";
import { getAutomationChecks } from "@/lib/automations/check-automation";

// GET /api/v1/automations/:id/checks – what blocks activation and what deserves a look, each with a fix
export const GET = apiHandler({}, ({ auth, params }) => getAutomationChecks({ accountId: auth.accountId, id: params.id }));
