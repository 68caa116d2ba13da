import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { deleteLayout } from "@/lib/layouts/delete-layout";
import { getLayoutOrThrow } from "@/lib/layouts/get-layout-or-throw";
import { deleteLayoutOp, getLayoutOp, updateLayoutOp } from "@/lib/layouts/operations";
import { serializeLayout } from "@/lib/layouts/serialize-layout";
import { updateLayout } from "@/lib/layouts/update-layout";

// GET /api/v1/layouts/:id – one layout
export const GET = apiRoute(getLayoutOp, async ({ auth, params }) =>
  serializeLayout(await getLayoutOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PUT /api/v1/layouts/:id – change the fields given
export const PUT = apiRoute(updateLayoutOp, ({ auth, params, body }) =>
  updateLayout({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/layouts/:id – delete a layout that is not the default
export const DELETE = apiRoute(deleteLayoutOp, ({ auth, params }) => deleteLayout({ accountId: auth.accountId, id: params.id }));

export const { POST, PATCH, OPTIONS } = refuseOtherMethods({ GET, PUT, DELETE });
