import { apiRoute } from "@/lib/api/api-route";
import { retryEnrollment } from "@/lib/automations/enrollments/retry-enrollment";
import { retryEnrollmentOp } from "@/lib/automations/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations/:id/enrollments/:enrollmentId/retry – a failed enrollment runs its step again
export const POST = apiRoute(retryEnrollmentOp, ({ auth, params }) =>
  retryEnrollment({ accountId: auth.accountId, automationId: params.id, enrollmentId: params.enrollmentId }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
