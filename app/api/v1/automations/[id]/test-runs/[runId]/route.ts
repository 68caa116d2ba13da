import { apiRoute } from "@/lib/api/api-route";
import { getTestRunOp } from "@/lib/automations/operations";
import { getTestRun } from "@/lib/automations/test-runs/get-test-run";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/test-runs/:runId – a test run's progress: each step's state and its rendered email
export const GET = apiRoute(getTestRunOp, ({ auth, params }) =>
  getTestRun({ accountId: auth.accountId, automationId: params.id, runId: params.runId }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
