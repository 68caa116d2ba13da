import { apiRoute } from "@/lib/api/api-route";
import { listJourneyRunsOp } from "@/lib/automations/operations";
import { listRuns } from "@/lib/automations/journeys/runs";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/resend/automations/:id/runs – automations.runs.list; ?status=running,completed,...
export const GET = apiRoute(listJourneyRunsOp, ({ auth, params, query }) =>
  listRuns({ accountId: auth.accountId, automationId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
