import { apiRoute } from "@/lib/api/api-route";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { deleteListOp, getListOp, updateListOp } from "@/lib/lists/operations";
import { updateList } from "@/lib/lists/update-list";
import { serializeList } from "@/lib/lists/serialize-list";
import { deleteList } from "@/lib/lists/delete-list";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/lists/:id – one list with its contact count
export const GET = apiRoute(getListOp, async ({ auth, params }) =>
  serializeList(await getListOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PATCH /api/v1/lists/:id – rename a list {name?} or set its double opt-in {doubleOptIn?}
export const PATCH = apiRoute(updateListOp, ({ auth, params, body }) =>
  updateList({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/lists/:id – delete a list (its contacts stay)
export const DELETE = apiRoute(deleteListOp, ({ auth, params }) => deleteList({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
