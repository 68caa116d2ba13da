import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

// Shared by the API routes and the dashboard's forms: nothing here may need the server.

export const WEBHOOK_EVENT_TYPES = [
  "email.delivered",
  "email.opened",
  "email.clicked",
  "email.bounced",
  "email.complaint",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX = 2048;

export function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/** Why `value` cannot be a webhook URL, or null. Address checks (private ranges) are the server's. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "url must be an absolute URL, like https://example.com/webhooks";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "url must use http or https";
  if (url.username || url.password) return "url must not contain credentials (user:password@)";
  if (!url.hostname) return "url must name a host";
  return null;
}

export const webhookUrlSchema = z
  .string({ message: "url must be a string" })
  .trim()
  .min(1, "url is required")
  .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `event type must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}` }), {
    message: "events must be an array of event types",
  })
  .min(1, "at least one event type")
  // Stored once each, in the canonical order.
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  // Omitted: every event type (DESIGN 4).
  events: webhookEventsSchema.optional(),
});

export const updateWebhookBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    // Accepted only unchanged: a failed webhook must be recreated, and nobody sets `failed` by hand.
    status: z.enum(["active", "failed"], { message: "status must be active or failed" }).optional(),
  })
  .refine((body) => body.url !== undefined || body.events !== undefined || body.status !== undefined, {
    message: "send at least one of url, events",
  });

export const listWebhooksQuerySchema = paginationQuerySchema;
export const listWebhookDeliveriesQuerySchema = paginationQuerySchema;

export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;
