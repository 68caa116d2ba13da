import { apiRoute } from "@/lib/api/api-route";
import { deleteAutomationStepOp, updateAutomationStepOp, updateAutomationStepPutOp } from "@/lib/automations/operations";
import { updateStep } from "@/lib/automations/steps/update-step";
import { deleteStep } from "@/lib/automations/steps/delete-step";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// PATCH /api/v1/automations/:id/steps/:stepId – change a step (paused only)
export const PATCH = apiRoute(updateAutomationStepOp, ({ auth, params, body }) =>
  updateStep({ accountId: auth.accountId, automationId: params.id, stepId: params.stepId, input: body }),
);

// PUT /api/v1/automations/:id/steps/:stepId – same as PATCH
export const PUT = apiRoute(updateAutomationStepPutOp, PATCH.handler);

// DELETE /api/v1/automations/:id/steps/:stepId – remove a step and renumber the rest (paused only)
export const DELETE = apiRoute(deleteAutomationStepOp, ({ auth, params }) =>
  deleteStep({ accountId: auth.accountId, automationId: params.id, stepId: params.stepId }),
);

export const { GET, POST, OPTIONS } = refuseOtherMethods({ PUT, PATCH, DELETE });
