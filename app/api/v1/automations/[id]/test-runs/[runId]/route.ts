import { apiHandler } from "@/lib/api/handler";
import { getTestRun } from "@/lib/automations/test-runs/get-test-run";

// GET /api/v1/automations/:id/test-runs/:runId – a test run's progress: each step's state and its rendered email
export const GET = apiHandler({}, ({ auth, params }) =>
  getTestRun({ accountId: auth.accountId, automationId: params.id, runId: params.runId }),
);
