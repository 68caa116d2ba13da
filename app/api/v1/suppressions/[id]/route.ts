import { apiHandler } from "@/lib/api/handler";
import { deleteSuppressionById } from "@/lib/suppressions/delete-suppression";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// DELETE /api/v1/suppressions/:id – lift a suppression by its id
export const DELETE = apiHandler({}, ({ auth, params }) => deleteSuppressionById({ accountId: auth.accountId, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
