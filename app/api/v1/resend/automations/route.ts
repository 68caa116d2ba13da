import { apiHandler, created } from "@/lib/api/handler";
import { AUTOMATION_REQUEST_MAX_BYTES } from "@/lib/automations/schemas";
import { createJourneyBodySchema, listJourneysQuerySchema } from "@/lib/automations/graph/journey-schemas";
import { createJourney, listJourneys } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// The `resend` SDK's automation calls (an SDK client's base URL is /api/v1/resend).

// POST /api/v1/resend/automations – automations.create: a graph of steps and connections
export const POST = apiHandler({ body: createJourneyBodySchema, maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES }, async ({ auth, body }) =>
  created(await createJourney({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/resend/automations – automations.list, newest first; ?status=enabled|disabled
export const GET = apiHandler({ query: listJourneysQuerySchema }, ({ auth, query }) => listJourneys({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
