import { apiHandler } from "@/lib/api/handler";
import { listRunsQuerySchema } from "@/lib/automations/graph/journey-schemas";
import { listRuns } from "@/lib/automations/journeys/runs";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/resend/automations/:id/runs – automations.runs.list; ?status=running,completed,...
export const GET = apiHandler({ query: listRunsQuerySchema }, ({ auth, params, query }) =>
  listRuns({ accountId: auth.accountId, automationId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
