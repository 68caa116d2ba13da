import { apiHandler, json } from "@/lib/api/handler";
import { redeliverDelivery } from "@/lib/webhooks/redeliver-delivery";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver – send that delivery's event again as a new delivery (202)
export const POST = apiHandler({}, async ({ auth, params }) =>
  json(await redeliverDelivery({ accountId: auth.accountId, webhookId: params.id, deliveryId: params.deliveryId }), 202),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
