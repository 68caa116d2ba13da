import { apiHandler, created } from "@/lib/api/handler";
import { duplicateJourney } from "@/lib/automations/journeys/journey-crud";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/resend/automations/:id/duplicate – automations.duplicate: a paused copy
export const POST = apiHandler({}, async ({ auth, params }) =>
  created(await duplicateJourney({ accountId: auth.accountId, id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
