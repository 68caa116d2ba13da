import { apiRoute } from "@/lib/api/api-route";
import { getJourneyRunOp } from "@/lib/automations/operations";
import { getRun } from "@/lib/automations/journeys/runs";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/resend/automations/:id/runs/:runId – automations.runs.get: a run with its steps
export const GET = apiRoute(getJourneyRunOp, ({ auth, params }) =>
  getRun({ accountId: auth.accountId, automationId: params.id, runId: params.runId }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
