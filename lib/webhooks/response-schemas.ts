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
    responseBody: z.string().nullable(),
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
