import { apiHandler } from "@/lib/api/handler";
import { BROADCAST_REQUEST_MAX_BYTES, updateBroadcastBodySchema } from "@/lib/broadcasts/schemas";
import { getBroadcastOrThrow } from "@/lib/broadcasts/get-broadcast-or-throw";
import { describeBroadcast } from "@/lib/broadcasts/describe-broadcasts";
import { updateBroadcast } from "@/lib/broadcasts/update-broadcast";
import { deleteBroadcast } from "@/lib/broadcasts/delete-broadcast";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/broadcasts/:id – one broadcast with its stats
export const GET = apiHandler({}, async ({ auth, params }) =>
  describeBroadcast(auth.accountId, await getBroadcastOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PUT /api/v1/broadcasts/:id – change a draft (409 once scheduled or sent)
export const PUT = apiHandler({ body: updateBroadcastBodySchema, maxBodyBytes: BROADCAST_REQUEST_MAX_BYTES }, ({ auth, params, body }) =>
  updateBroadcast({ accountId: auth.accountId, id: params.id, input: body }),
);

// PATCH /api/v1/broadcasts/:id – same as PUT
export const PATCH = PUT;

// DELETE /api/v1/broadcasts/:id – delete a draft or scheduled broadcast
export const DELETE = apiHandler({}, ({ auth, params }) => deleteBroadcast({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
