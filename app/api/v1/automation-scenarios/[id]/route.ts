import { apiHandler } from "@/lib/api/handler";
import { getScenarioOrThrow } from "@/lib/automations/scenarios/list-scenarios";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automation-scenarios/:id – one scenario: a body POST /api/v1/automations accepts as is
export const GET = apiHandler({}, async ({ params }) => getScenarioOrThrow(params.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
