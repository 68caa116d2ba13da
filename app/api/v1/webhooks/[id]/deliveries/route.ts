import { apiHandler } from "@/lib/api/handler";
import { listWebhookDeliveriesQuerySchema } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/webhooks/:id/deliveries – the delivery log, one row per attempt, newest first
export const GET = apiHandler({ query: listWebhookDeliveriesQuerySchema }, ({ auth, params, query }) =>
  listDeliveries({ accountId: auth.accountId, webhookId: params.id, page: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
