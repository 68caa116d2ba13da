import type { Webhook, WebhookDelivery } from "@/lib/generated/prisma/client";
import type { WebhookHealth } from "./webhook-health";

/**
 * The API shape of a webhook; `secret` (the plain value, read with readWebhookSecret) only where
 * the caller passes it (create and get, never the list).
 */
export function serializeWebhook(webhook: Omit<Webhook, "secret">, options: { secret?: string; health: WebhookHealth }) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    ...(options.secret !== undefined ? { secret: options.secret } : {}),
    status: webhook.status,
    health: options.health,
    failedAt: webhook.failedAt?.toISOString() ?? null,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
  };
}

/** One row of the delivery log (one attempt). */
export function serializeWebhookDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    messageId: delivery.messageId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    attempt: delivery.attempt,
    statusCode: delivery.statusCode,
    durationMs: delivery.durationMs,
    error: delivery.error,
    responseBody: delivery.responseBody,
    createdAt: delivery.createdAt.toISOString(),
    nextRetryAt: delivery.nextRetryAt?.toISOString() ?? null,
  };
}

export type WebhookResponse = ReturnType<typeof serializeWebhook>;
export type WebhookWithSecretResponse = WebhookResponse & { secret: string };
export type WebhookDeliveryResponse = ReturnType<typeof serializeWebhookDelivery>;
