import { apiRoute } from "@/lib/api/api-route";
import { deleteSuppressionById } from "@/lib/suppressions/delete-suppression";
import { deleteSuppressionByIdOp } from "@/lib/suppressions/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// DELETE /api/v1/suppressions/:id – lift a suppression by its id
export const DELETE = apiRoute(deleteSuppressionByIdOp, ({ auth, params }) =>
  deleteSuppressionById({ accountId: auth.accountId, id: params.id }),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
