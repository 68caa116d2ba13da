import { apiHandler } from "@/lib/api/handler";
import { listEnrollmentsQuerySchema } from "@/lib/automations/schemas";
import { listEnrollments } from "@/lib/automations/enrollments/list-enrollments";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id/enrollments – enrollments, newest first; ?status=&limit=&offset=
export const GET = apiHandler({ query: listEnrollmentsQuerySchema }, ({ auth, params, query }) =>
  listEnrollments({ accountId: auth.accountId, automationId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
