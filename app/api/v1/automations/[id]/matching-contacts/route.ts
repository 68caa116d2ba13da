import { apiHandler } from "@/lib/api/handler";
import { countMatchingContacts } from "@/lib/automations/triggers/count-matching-contacts";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/matching-contacts – how many contacts activate with enrollExisting would enroll now
export const GET = apiHandler({}, ({ auth, params }) => countMatchingContacts({ accountId: auth.accountId, automationId: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
