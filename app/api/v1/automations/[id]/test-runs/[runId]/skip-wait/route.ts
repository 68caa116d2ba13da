import { apiRoute } from "@/lib/api/api-route";
import { skipTestRunWaitOp } from "@/lib/automations/operations";
import { skipTestRunWait } from "@/lib/automations/test-runs/resume-test-run";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/test-runs/:runId/skip-wait – end a journey test run's delay or wait now (a wait takes its timeout path)
export const POST = apiRoute(skipTestRunWaitOp, ({ auth, params }) =>
  skipTestRunWait({ accountId: auth.accountId, automationId: params.id, runId: params.runId }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
