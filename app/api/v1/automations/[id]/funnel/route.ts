import { apiRoute } from "@/lib/api/api-route";
import { getAutomationFunnelOp } from "@/lib/automations/operations";
import { getStepFunnel } from "@/lib/automations/steps/step-funnel";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/funnel – per step: sent, delivered, opened, clicked (unique recipients), waiting
export const GET = apiRoute(getAutomationFunnelOp, ({ auth, params }) =>
  getStepFunnel({ accountId: auth.accountId, automationId: params.id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
