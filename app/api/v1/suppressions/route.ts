import { apiHandler } from "@/lib/api/handler";
import { deleteSuppressionQuerySchema, listSuppressionsQuerySchema } from "@/lib/suppressions/schemas";
import { listSuppressions } from "@/lib/suppressions/list-suppressions";
import { deleteSuppression } from "@/lib/suppressions/delete-suppression";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/suppressions – addresses this account no longer sends to (hard bounces, complaints)
export const GET = apiHandler({ query: listSuppressionsQuerySchema }, ({ auth, query }) =>
  listSuppressions({ accountId: auth.accountId, page: query, search: query.q ?? query.email }),
);

// DELETE /api/v1/suppressions?email=<address> – lift a suppression
export const DELETE = apiHandler({ query: deleteSuppressionQuerySchema }, ({ auth, query }) =>
  deleteSuppression({ accountId: auth.accountId, email: query.email }),
);

export const { POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, DELETE });
