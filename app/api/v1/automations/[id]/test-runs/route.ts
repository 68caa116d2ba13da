import { apiHandler, created } from "@/lib/api/handler";
import { listTestRuns } from "@/lib/automations/test-runs/list-test-runs";
import { startTestRun } from "@/lib/automations/test-runs/start-test-run";
import { listTestRunsQuerySchema, startTestRunBodySchema } from "@/lib/automations/test-runs/test-run-schemas";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/test-runs – run the steps for a chosen or made-up contact, delays in seconds, into the dev inbox
export const POST = apiHandler({ body: startTestRunBodySchema }, async ({ auth, params, body }) =>
  created(await startTestRun({ accountId: auth.accountId, automationId: params.id, input: body })),
);

// GET /api/v1/automations/:id/test-runs – the automation's test runs, newest first (emails without html)
export const GET = apiHandler({ query: listTestRunsQuerySchema }, ({ auth, params, query }) =>
  listTestRuns({ accountId: auth.accountId, automationId: params.id, query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
