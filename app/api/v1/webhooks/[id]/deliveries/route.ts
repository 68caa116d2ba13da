import { apiRoute } from "@/lib/api/api-route";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listWebhookDeliveriesOp } from "@/lib/webhooks/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/webhooks/:id/deliveries – the delivery log, one row per attempt, newest first
export const GET = apiRoute(listWebhookDeliveriesOp, ({ auth, params, query }) =>
  listDeliveries({ accountId: auth.accountId, webhookId: params.id, page: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
