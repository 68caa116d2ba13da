import { apiRoute } from "@/lib/api/api-route";
import { redeliverWebhookDeliveryOp } from "@/lib/webhooks/operations";
import { redeliverDelivery } from "@/lib/webhooks/redeliver-delivery";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver – send that delivery's event again as a new delivery (202)
export const POST = apiRoute(redeliverWebhookDeliveryOp, ({ auth, params }) =>
  redeliverDelivery({ accountId: auth.accountId, webhookId: params.id, deliveryId: params.deliveryId }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
