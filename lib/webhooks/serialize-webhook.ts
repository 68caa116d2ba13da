import type { Webhook, WebhookDelivery } from "@/lib/generated/prisma/client";
import type { WebhookHealth } from "./webhook-health";
import { encodeWebhookBody } from "./serialize-webhook-payload";

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

const asHeaders = (value: unknown): Record<string, string> => (value ?? {}) as Record<string, string>;

/**
 * One row of the delivery log (one attempt). `messagePayload` is its message's payload: the
 * request body, the same bytes on every attempt. `request` is null on rows logged before
 * requests were recorded; `response` is null when no HTTP response came back.
 */
export function serializeWebhookDelivery(delivery: WebhookDelivery, messagePayload: unknown) {
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
    request:
      delivery.requestUrl === null
        ? null
        : {
            method: "POST" as const,
            url: delivery.requestUrl,
            headers: asHeaders(delivery.requestHeaders),
            body: encodeWebhookBody(messagePayload),
          },
    response:
      delivery.statusCode === null
        ? null
        : {
            statusCode: delivery.statusCode,
            headers: asHeaders(delivery.responseHeaders),
            body: delivery.responseBody ?? "",
            bodyTruncated: delivery.responseBodyTruncated,
          },
    createdAt: delivery.createdAt.toISOString(),
    nextRetryAt: delivery.nextRetryAt?.toISOString() ?? null,
  };
}

export type WebhookResponse = ReturnType<typeof serializeWebhook>;
export type WebhookWithSecretResponse = WebhookResponse & { secret: string };
export type WebhookDeliveryResponse = ReturnType<typeof serializeWebhookDelivery>;
