import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { cancelSdkBroadcastOp } from "@/lib/broadcasts/operations";
import { cancelSdkBroadcast } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// POST /api/v1/resend/broadcasts/:id/cancel – broadcasts.cancel
export const POST = apiRoute(cancelSdkBroadcastOp, ({ auth, params }) => cancelSdkBroadcast({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
