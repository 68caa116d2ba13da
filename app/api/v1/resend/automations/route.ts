import { apiRoute } from "@/lib/api/api-route";
import { createJourneyOp, listJourneysOp } from "@/lib/automations/operations";
import { createJourney, listJourneys } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// The `resend` SDK's automation calls (an SDK client's base URL is /api/v1/resend).

// POST /api/v1/resend/automations – automations.create: a graph of steps and connections
export const POST = apiRoute(createJourneyOp, ({ auth, body }) => createJourney({ accountId: auth.accountId, input: body }));

// GET /api/v1/resend/automations – automations.list, newest first; ?status=enabled|disabled
export const GET = apiRoute(listJourneysOp, ({ auth, query }) => listJourneys({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
