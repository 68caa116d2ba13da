import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { sendSdkBroadcastOp } from "@/lib/broadcasts/operations";
import { sendSdkBroadcast } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// POST /api/v1/resend/broadcasts/:id/send – broadcasts.send, now or at scheduled_at
export const POST = apiRoute(sendSdkBroadcastOp, ({ auth, params, body }) =>
  sendSdkBroadcast({ accountId: auth.accountId, id: params.id, scheduledAt: body?.scheduled_at }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
