import { apiHandler, created } from "@/lib/api/handler";
import { addStepBodySchema, AUTOMATION_REQUEST_MAX_BYTES } from "@/lib/automations/schemas";
import { addStep } from "@/lib/automations/add-step";

// POST /api/v1/automations/:id/steps – append a step, or insert it at `position` (paused only)
export const POST = apiHandler({ body: addStepBodySchema, maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES }, async ({ auth, params, body }) =>
  created(await addStep({ accountId: auth.accountId, automationId: params.id, input: body })),
);
