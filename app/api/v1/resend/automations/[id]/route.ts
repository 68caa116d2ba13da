import { apiHandler } from "@/lib/api/handler";
import { AUTOMATION_REQUEST_MAX_BYTES } from "@/lib/automations/schemas";
import { updateJourneyBodySchema } from "@/lib/automations/graph/journey-schemas";
import { getJourney, removeJourney, updateJourney } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/resend/automations/:id – automations.get: the graph and settings
export const GET = apiHandler({}, ({ auth, params }) => getJourney({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/resend/automations/:id – automations.update: name, status, settings; steps and connections while paused
export const PATCH = apiHandler({ body: updateJourneyBodySchema, maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES }, ({ auth, params, body }) =>
  updateJourney({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/resend/automations/:id – automations.remove
export const DELETE = apiHandler({}, ({ auth, params }) => removeJourney({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
