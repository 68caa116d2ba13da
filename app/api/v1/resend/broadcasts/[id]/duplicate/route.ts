import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { duplicateSdkBroadcastOp } from "@/lib/broadcasts/operations";
import { duplicateBroadcast } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// POST /api/v1/resend/broadcasts/:id/duplicate – broadcasts.duplicate: a new draft
export const POST = apiRoute(duplicateSdkBroadcastOp, ({ auth, params }) =>
  duplicateBroadcast({ accountId: auth.accountId, id: params.id }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
