import { apiRoute } from "@/lib/api/api-route";
import { stopJourneyOp } from "@/lib/automations/operations";
import { stopJourney } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/resend/automations/:id/stop – automations.stop: no new runs
export const POST = apiRoute(stopJourneyOp, ({ auth, params }) => stopJourney({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
