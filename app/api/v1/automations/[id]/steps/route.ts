import { apiRoute } from "@/lib/api/api-route";
import { addAutomationStepOp, replaceAutomationStepsOp } from "@/lib/automations/operations";
import { addStep } from "@/lib/automations/steps/add-step";
import { replaceSteps } from "@/lib/automations/steps/replace-steps";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/steps – append a step, or insert it at `position` (paused only)
export const POST = apiRoute(addAutomationStepOp, ({ auth, params, body }) =>
  addStep({ accountId: auth.accountId, automationId: params.id, input: body }),
);

// PUT /api/v1/automations/:id/steps – the whole ordered list: reorder, edit, add, remove in one go (paused only)
export const PUT = apiRoute(replaceAutomationStepsOp, ({ auth, params, body }) =>
  replaceSteps({ accountId: auth.accountId, automationId: params.id, input: body }),
);

export const { GET, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST, PUT });
