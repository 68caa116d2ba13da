import { apiRoute } from "@/lib/api/api-route";
import { listAutomationScenariosOp } from "@/lib/automations/operations";
import { listScenarios } from "@/lib/automations/scenarios/list-scenarios";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automation-scenarios – the 43 pre-built scenarios; ?industry= filters
export const GET = apiRoute(listAutomationScenariosOp, ({ query }) => listScenarios({ industry: query.industry, page: query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
