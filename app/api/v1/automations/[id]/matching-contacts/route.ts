import { apiRoute } from "@/lib/api/api-route";
import { countAutomationMatchingContactsOp } from "@/lib/automations/operations";
import { countMatchingContacts } from "@/lib/automations/triggers/count-matching-contacts";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/matching-contacts – how many contacts activate with enrollExisting would enroll now
export const GET = apiRoute(countAutomationMatchingContactsOp, ({ auth, params }) =>
  countMatchingContacts({ accountId: auth.accountId, automationId: params.id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
