import { apiRoute } from "@/lib/api/api-route";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { deleteListOp, getListOp } from "@/lib/lists/operations";
import { serializeList } from "@/lib/lists/serialize-list";
import { deleteList } from "@/lib/lists/delete-list";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/lists/:id – one list with its contact count
export const GET = apiRoute(getListOp, async ({ auth, params }) =>
  serializeList(await getListOrThrow({ accountId: auth.accountId, id: params.id })),
);

// DELETE /api/v1/lists/:id – delete a list (its contacts stay)
export const DELETE = apiRoute(deleteListOp, ({ auth, params }) => deleteList({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, DELETE });
