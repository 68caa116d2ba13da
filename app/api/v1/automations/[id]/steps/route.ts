import { apiHandler, created } from "@/lib/api/handler";
import { addStepBodySchema, AUTOMATION_REQUEST_MAX_BYTES, replaceStepsBodySchema } from "@/lib/automations/schemas";
import { addStep } from "@/lib/automations/steps/add-step";
import { replaceSteps } from "@/lib/automations/steps/replace-steps";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/steps – append a step, or insert it at `position` (paused only)
export const POST = apiHandler({ body: addStepBodySchema, maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES }, async ({ auth, params, body }) =>
  created(await addStep({ accountId: auth.accountId, automationId: params.id, input: body })),
);

// PUT /api/v1/automations/:id/steps – the whole ordered list: reorder, edit, add, remove in one go (paused only)
export const PUT = apiHandler({ body: replaceStepsBodySchema, maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES }, ({ auth, params, body }) =>
  replaceSteps({ accountId: auth.accountId, automationId: params.id, input: body }),
);

export const { GET, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST, PUT });
