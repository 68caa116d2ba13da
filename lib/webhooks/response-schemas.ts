import { z } from "zod";
import { WebhookStatus } from "@/lib/generated/prisma/enums";
import { idOf, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";
import { WEBHOOK_EVENT_TYPES } from "./schemas";

const webhookFields = {
  id: idOf("wh"),
  url: z.url().meta({ example: "https://example.com/hooks/mailwright" }),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(WebhookStatus),
  health: z
    .object({
      recentAttempts: z.number().int().meta({ description: "Delivery attempts counted: the last 50 of the past 24 hours." }),
      recentFailures: z.number().int().meta({ description: "Of those, the attempts without a 2xx answer." }),
      failureRate: z.number().min(0).max(1).nullable().meta({ description: "recentFailures / recentAttempts; null without attempts." }),
      failing: z.boolean().meta({ description: "The webhook has failed, or half or more of at least 3 recent attempts failed." }),
    })
    .meta({ id: "WebhookHealth" }),
  failedAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const webhookResponseSchema = z.object(webhookFields).meta({ id: "Webhook" });

/** Create and get carry the signing secret; the list does not. */
export const webhookWithSecretResponseSchema = z
  .object({ ...webhookFields, secret: z.string().meta({ example: "whsec_MfKQ9r6N3x2kJ7pL0vB8cD4eF1gH5iJ2" }) })
  .meta({ id: "WebhookWithSecret" });

/** Create also names the secret `signing_secret`, as Resend's SDK reads it. */
export const createdWebhookResponseSchema = webhookWithSecretResponseSchema
  .extend({ signing_secret: z.string().meta({ description: "The same value as secret." }) })
  .meta({ id: "CreatedWebhook" });

export const listWebhooksResponseSchema = listOf(webhookResponseSchema);

const deliveryHeaders = z.record(z.string(), z.string()).meta({
  description:
    "Lower-case names. Redacted ([redacted]): Authorization, Proxy-Authorization, Cookie, Set-Cookie, any header named with secret, token, password, session or api-key, and the signing secret wherever it appears. The signature headers are shown.",
  example: { "content-type": "application/json", "webhook-id": "evt_2Vb7Xq9Lm3Kp8Rt1" },
});

export const webhookDeliveryResponseSchema = z
  .object({
    id: idOf("dlv"),
    messageId: z.string(),
    eventId: idOf("evt"),
    eventType: z.string(),
    attempt: z.number().int(),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    responseBody: z.string().nullable().meta({ description: "The first 4 KB of the response body (as response.body)." }),
    request: z
      .object({
        method: z.literal("POST"),
        url: z.string().meta({ description: "The URL the attempt went to, a user:password's password redacted." }),
        headers: deliveryHeaders,
        body: z.string().meta({ description: "The exact body sent: the event's JSON payload, the same on every attempt." }),
      })
      .nullable()
      .meta({ id: "WebhookDeliveryRequest", description: "The request as sent; null on attempts logged before requests were recorded." }),
    response: z
      .object({
        statusCode: z.number().int(),
        headers: deliveryHeaders,
        body: z.string().meta({ description: "The first 4 KB of the body." }),
        bodyTruncated: z.boolean().meta({ description: "The body was longer than the 4 KB kept." }),
      })
      .nullable()
      .meta({ id: "WebhookDeliveryResponse", description: "The endpoint's answer; null when none came (see error)." }),
    createdAt: timestamp,
    nextRetryAt: nullableTimestamp,
  })
  .meta({ id: "WebhookDelivery" });

export const listWebhookDeliveriesResponseSchema = listOf(webhookDeliveryResponseSchema);

export const redeliverWebhookResponseSchema = z.object({
  eventId: z.string().meta({
    description: "The new message's id in the delivery log: the event's id plus `.r<random>`. The webhook-id header stays the event's id.",
  }),
  messageId: z.string(),
  queued: z.literal(true),
});

export const testWebhookResponseSchema = z.object({
  eventId: idOf("evt"),
  messageId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  queued: z.literal(true),
});
