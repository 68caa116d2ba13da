import { apiRoute } from "@/lib/api/api-route";
import { getBroadcastOrThrow } from "@/lib/broadcasts/get-broadcast-or-throw";
import { describeBroadcast } from "@/lib/broadcasts/describe-broadcasts";
import { deleteBroadcastOp, getBroadcastOp, updateBroadcastOp, updateBroadcastPatchOp } from "@/lib/broadcasts/operations";
import { updateBroadcast } from "@/lib/broadcasts/update-broadcast";
import { deleteBroadcast } from "@/lib/broadcasts/delete-broadcast";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/broadcasts/:id – one broadcast with its stats
export const GET = apiRoute(getBroadcastOp, async ({ auth, params }) =>
  describeBroadcast(auth.accountId, await getBroadcastOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PUT /api/v1/broadcasts/:id – change a draft (409 once scheduled or sent)
export const PUT = apiRoute(updateBroadcastOp, ({ auth, params, body }) =>
  updateBroadcast({ accountId: auth.accountId, id: params.id, input: body }),
);

// PATCH /api/v1/broadcasts/:id – same as PUT
export const PATCH = apiRoute(updateBroadcastPatchOp, PUT.handler);

// DELETE /api/v1/broadcasts/:id – delete a draft or scheduled broadcast
export const DELETE = apiRoute(deleteBroadcastOp, ({ auth, params }) => deleteBroadcast({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
