import { apiRoute } from "@/lib/api/api-route";
import { getJourneyStepCountsOp } from "@/lib/automations/operations";
import { getJourneyStepCounts } from "@/lib/automations/journeys/get-journey-step-counts";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/step-counts – a journey's runs waiting at and passed through each step, per path
export const GET = apiRoute(getJourneyStepCountsOp, ({ auth, params }) =>
  getJourneyStepCounts({ accountId: auth.accountId, automationId: params.id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
