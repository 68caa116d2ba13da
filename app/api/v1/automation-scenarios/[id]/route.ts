import { apiRoute } from "@/lib/api/api-route";
import { getAutomationScenarioOp } from "@/lib/automations/operations";
import { getScenarioOrThrow } from "@/lib/automations/scenarios/list-scenarios";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automation-scenarios/:id – one scenario: a body POST /api/v1/automations accepts as is
export const GET = apiRoute(getAutomationScenarioOp, ({ params }) => getScenarioOrThrow(params.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
