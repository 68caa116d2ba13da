import { apiHandler } from "@/lib/api/handler";
import { deleteSuppressionById } from "@/lib/suppressions/delete-suppression";

// DELETE /api/v1/suppressions/:id – lift a suppression by its id
export const DELETE = apiHandler({}, ({ auth, params }) => deleteSuppressionById({ accountId: auth.accountId, id: params.id }));
