import { apiHandler } from "@/lib/api/handler";
import { getStepFunnel } from "@/lib/automations/steps/step-funnel";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/funnel – per step: sent, delivered, opened, clicked (unique recipients), waiting
export const GET = apiHandler({}, ({ auth, params }) => getStepFunnel({ accountId: auth.accountId, automationId: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
