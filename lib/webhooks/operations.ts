import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import {
  createWebhookBodySchema,
  listWebhookDeliveriesQuerySchema,
  listWebhooksQuerySchema,
  testWebhookBodySchema,
  updateWebhookBodySchema,
} from "./schemas";
import {
  createdWebhookResponseSchema,
  listWebhookDeliveriesResponseSchema,
  listWebhooksResponseSchema,
  redeliverWebhookResponseSchema,
  testWebhookResponseSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
} from "./response-schemas";

export const createWebhookOp = defineOperation({
  method: "POST",
  path: "/webhooks",
  id: "createWebhook",
  summary: "Create a webhook",
  description:
    "Without `events` the webhook subscribes to every event type there is when it is created. The list is stored: a type added to Mailwright later reaches the webhook once an update names it.",
  tag: "Webhooks",
  body: createWebhookBodySchema,
  status: 201,
  response: createdWebhookResponseSchema,
  errors: ["webhook_limit_reached"],
  example: { url: "https://example.com/hooks/mailwright", events: ["email.delivered", "email.bounced"] },
});

export const listWebhooksOp = defineOperation({
  method: "GET",
  path: "/webhooks",
  id: "listWebhooks",
  summary: "List webhooks (no secrets)",
  tag: "Webhooks",
  query: listWebhooksQuerySchema,
  response: listWebhooksResponseSchema,
});

export const getWebhookOp = defineOperation({
  method: "GET",
  path: "/webhooks/{id}",
  id: "getWebhook",
  summary: "Get a webhook with its signing secret",
  tag: "Webhooks",
  response: webhookWithSecretResponseSchema,
});

export const updateWebhookOp = defineOperation({
  method: "PUT",
  path: "/webhooks/{id}",
  id: "updateWebhook",
  summary: "Change url and/or events",
  tag: "Webhooks",
  body: updateWebhookBodySchema,
  response: webhookResponseSchema,
});

export const updateWebhookPatchOp = defineOperation({
  ...updateWebhookOp,
  method: "PATCH",
  id: "updateWebhookPatch",
  summary: "Change url and/or events (as PUT)",
});

export const deleteWebhookOp = defineOperation({
  method: "DELETE",
  path: "/webhooks/{id}",
  id: "deleteWebhook",
  summary: "Delete a webhook",
  tag: "Webhooks",
  response: deletedSchema("wh"),
});

export const listWebhookDeliveriesOp = defineOperation({
  method: "GET",
  path: "/webhooks/{id}/deliveries",
  id: "listWebhookDeliveries",
  summary: "The delivery log, one row per attempt",
  tag: "Webhooks",
  query: listWebhookDeliveriesQuerySchema,
  response: listWebhookDeliveriesResponseSchema,
});

export const redeliverWebhookDeliveryOp = defineOperation({
  method: "POST",
  path: "/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  id: "redeliverWebhookDelivery",
  summary: "Send a delivery's event again, as a new delivery",
  description:
    "The event's payload goes to this webhook again (body unchanged, its `id` the event's id) as a new message with the usual retries; the signature's webhook-id header is the event's id too, so a receiver that de-duplicates sees one message. 409 when the webhook has failed.",
  tag: "Webhooks",
  status: 202,
  response: redeliverWebhookResponseSchema,
  errors: ["conflict"],
});

export const testWebhookOp = defineOperation({
  method: "POST",
  path: "/webhooks/{id}/test",
  id: "testWebhook",
  summary: "Deliver a sample event of any type (email.delivered if omitted)",
  tag: "Webhooks",
  body: testWebhookBodySchema,
  bodyOptional: true,
  response: testWebhookResponseSchema,
  example: { type: "email.bounced" },
});
