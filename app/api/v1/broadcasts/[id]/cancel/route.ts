import { apiRoute } from "@/lib/api/api-route";
import { cancelBroadcast } from "@/lib/broadcasts/cancel-broadcast";
import { cancelBroadcastOp } from "@/lib/broadcasts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts/:id/cancel – stop a scheduled broadcast
export const POST = apiRoute(cancelBroadcastOp, ({ auth, params }) => cancelBroadcast({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
