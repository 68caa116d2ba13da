import { apiRoute } from "@/lib/api/api-route";
import { listEnrollments } from "@/lib/automations/enrollments/list-enrollments";
import { listEnrollmentsOp } from "@/lib/automations/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/enrollments – enrollments, newest first; ?status=&limit=&offset=
export const GET = apiRoute(listEnrollmentsOp, ({ auth, params, query }) =>
  listEnrollments({ accountId: auth.accountId, automationId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
