import { apiHandler } from "@/lib/api/handler";
import { listScenariosQuerySchema } from "@/lib/automations/scenarios/schemas";
import { listScenarios } from "@/lib/automations/scenarios/list-scenarios";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automation-scenarios – the 43 pre-built scenarios; ?industry= filters
export const GET = apiHandler({ query: listScenariosQuerySchema }, async ({ query }) =>
  listScenarios({ industry: query.industry, page: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
