import { apiRoute } from "@/lib/api/api-route";
import { duplicateJourneyOp } from "@/lib/automations/operations";
import { duplicateJourney } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/resend/automations/:id/duplicate – automations.duplicate: a paused copy
export const POST = apiRoute(duplicateJourneyOp, ({ auth, params }) => duplicateJourney({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
