import { apiRoute } from "@/lib/api/api-route";
import { testBroadcastOp } from "@/lib/broadcasts/operations";
import { sendTestBroadcast } from "@/lib/broadcasts/send-test-broadcast";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts/:id/test – send one test email of it (to `to`, default the signed-in user)
export const POST = apiRoute(testBroadcastOp, ({ auth, params, body }) =>
  sendTestBroadcast({ accountId: auth.accountId, userId: auth.userId, id: params.id, input: body ?? {} }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
