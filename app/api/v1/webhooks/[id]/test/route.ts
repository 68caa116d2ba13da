import { apiRoute } from "@/lib/api/api-route";
import { testWebhookOp } from "@/lib/webhooks/operations";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/webhooks/:id/test – deliver a sample event once ({"type": ...}, email.delivered if omitted)
export const POST = apiRoute(testWebhookOp, ({ auth, params, body }) =>
  sendTestEvent({ accountId: auth.accountId, id: params.id, type: body?.type }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
