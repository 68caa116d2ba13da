import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { getSdkBroadcastOp, removeSdkBroadcastOp, updateSdkBroadcastOp } from "@/lib/broadcasts/operations";
import { getSdkBroadcast, removeSdkBroadcast, updateSdkBroadcast } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// GET /api/v1/resend/broadcasts/:id – broadcasts.get
export const GET = apiRoute(getSdkBroadcastOp, ({ auth, params }) => getSdkBroadcast({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/resend/broadcasts/:id – broadcasts.update (a draft)
export const PATCH = apiRoute(updateSdkBroadcastOp, ({ auth, params, body }) =>
  updateSdkBroadcast({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/resend/broadcasts/:id – broadcasts.remove (a draft or scheduled one)
export const DELETE = apiRoute(removeSdkBroadcastOp, ({ auth, params }) =>
  removeSdkBroadcast({ accountId: auth.accountId, id: params.id }),
);

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
