import { apiRoute } from "@/lib/api/api-route";
import { sendBroadcastOp } from "@/lib/broadcasts/operations";
import { sendBroadcast } from "@/lib/broadcasts/send-broadcast";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts/:id/send – send a draft now or at scheduledAt (202)
export const POST = apiRoute(sendBroadcastOp, ({ auth, params, body }) =>
  sendBroadcast({ accountId: auth.accountId, id: params.id, input: body ?? {} }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
