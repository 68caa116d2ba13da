import { apiRoute } from "@/lib/api/api-route";
import { listTestRunsOp, startTestRunOp } from "@/lib/automations/operations";
import { listTestRuns } from "@/lib/automations/test-runs/list-test-runs";
import { startTestRun } from "@/lib/automations/test-runs/start-test-run";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/test-runs – run the steps for a chosen or made-up contact, delays in seconds, into the dev inbox
export const POST = apiRoute(startTestRunOp, ({ auth, params, body }) =>
  startTestRun({ accountId: auth.accountId, automationId: params.id, input: body }),
);

// GET /api/v1/automations/:id/test-runs – the automation's test runs, newest first (emails without html)
export const GET = apiRoute(listTestRunsOp, ({ auth, params, query }) =>
  listTestRuns({ accountId: auth.accountId, automationId: params.id, query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
