import { apiRoute } from "@/lib/api/api-route";
import { sendTestRunEventOp } from "@/lib/automations/operations";
import { sendTestRunEvent } from "@/lib/automations/test-runs/resume-test-run";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/test-runs/:runId/events – send the event a journey's test run waits for
export const POST = apiRoute(sendTestRunEventOp, ({ auth, params, body }) =>
  sendTestRunEvent({ accountId: auth.accountId, automationId: params.id, runId: params.runId, name: body.name }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
