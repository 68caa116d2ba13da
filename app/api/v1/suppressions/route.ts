import { apiRoute } from "@/lib/api/api-route";
import { listSuppressions } from "@/lib/suppressions/list-suppressions";
import { deleteSuppression } from "@/lib/suppressions/delete-suppression";
import { deleteSuppressionOp, listSuppressionsOp } from "@/lib/suppressions/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/suppressions – addresses this account no longer sends to (hard bounces, complaints)
export const GET = apiRoute(listSuppressionsOp, ({ auth, query }) =>
  listSuppressions({ accountId: auth.accountId, page: query, search: query.q ?? query.email }),
);

// DELETE /api/v1/suppressions?email=<address> – lift a suppression
export const DELETE = apiRoute(deleteSuppressionOp, ({ auth, query }) =>
  deleteSuppression({ accountId: auth.accountId, email: query.email }),
);

export const { POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, DELETE });
