import { apiRoute } from "@/lib/api/api-route";
import { getJourneyOp, removeJourneyOp, updateJourneyOp } from "@/lib/automations/operations";
import { getJourney, removeJourney, updateJourney } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/resend/automations/:id – automations.get: the graph and settings
export const GET = apiRoute(getJourneyOp, ({ auth, params }) => getJourney({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/resend/automations/:id – automations.update: name, status, settings; steps and connections while paused
export const PATCH = apiRoute(updateJourneyOp, ({ auth, params, body }) =>
  updateJourney({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/resend/automations/:id – automations.remove
export const DELETE = apiRoute(removeJourneyOp, ({ auth, params }) => removeJourney({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
