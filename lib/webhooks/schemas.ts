import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

// Shared by the API routes and the dashboard's forms: nothing here may need the server.

export const WEBHOOK_EVENT_TYPES = [
  "email.sent",
  "email.delivered",
  "email.delivery_delayed",
  "email.opened",
  "email.clicked",
  "email.bounced",
  "email.complaint",
  "email.failed",
  "email.received",
  "contact.created",
  "contact.updated",
  "contact.deleted",
  "domain.updated",
  "automation.run.started",
  "automation.run.completed",
  "automation.run.exited",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

// An email event's webhook type where the two names differ: the timeline's `email.deferred`
// (a temporary failure, tried again) is Resend's `email.delivery_delayed`.
const WEBHOOK_TYPE_OF_EMAIL_EVENT: Record<string, WebhookEventType> = { "email.deferred": "email.delivery_delayed" };

/** The webhook type an email event is delivered as, or null when webhooks do not carry it. */
export function webhookTypeOfEmailEvent(type: string): WebhookEventType | null {
  const mapped = WEBHOOK_TYPE_OF_EMAIL_EVENT[type] ?? type;
  return isWebhookEventType(mapped) && mapped.startsWith("email.") ? mapped : null;
}

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

// Resend calls the complaint event email.complained; its SDK's webhooks.create sends that name.
const RESEND_EVENT_ALIASES = { "email.complained": "email.complaint" } as const;

const webhookEventTypeSchema = z
  .enum([...WEBHOOK_EVENT_TYPES, ...(Object.keys(RESEND_EVENT_ALIASES) as (keyof typeof RESEND_EVENT_ALIASES)[])], {
    message: `event type must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}`,
  })
  .transform((type): WebhookEventType =>
    type in RESEND_EVENT_ALIASES ? RESEND_EVENT_ALIASES[type as keyof typeof RESEND_EVENT_ALIASES] : (type as WebhookEventType),
  );

export const webhookEventsSchema = z
  .array(webhookEventTypeSchema, {
    message: "events must be an array of event types",
  })
  .min(1, "at least one event type")
  // Stored once each, in the canonical order.
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

// `endpoint` is Resend's name for url (its SDK's webhooks.create and update send it).
const sameUrl = (body: { url?: string; endpoint?: string }) =>
  body.url === undefined || body.endpoint === undefined || body.url === body.endpoint;
const differentUrls = { message: "send url or endpoint, not two different URLs", path: ["endpoint"] };

export const createWebhookBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    endpoint: webhookUrlSchema.optional(),
    // Omitted: every event type.
    events: webhookEventsSchema.optional(),
  })
  .refine((body) => body.url !== undefined || body.endpoint !== undefined, { message: "url is required", path: ["url"] })
  .refine(sameUrl, differentUrls)
  .transform(({ url, endpoint, events }) => ({ url: (url ?? endpoint)!, events }));

export const updateWebhookBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    endpoint: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    // Accepted only unchanged: a failed webhook must be recreated, and nobody sets `failed` by hand.
    status: z.enum(["active", "failed"], { message: "status must be active or failed" }).optional(),
  })
  .refine((body) => body.url !== undefined || body.endpoint !== undefined || body.events !== undefined || body.status !== undefined, {
    message: "send at least one of url, events",
  })
  .refine(sameUrl, differentUrls)
  .transform(({ url, endpoint, events, status }) => {
    const target = url ?? endpoint;
    return {
      ...(target !== undefined ? { url: target } : {}),
      ...(events !== undefined ? { events } : {}),
      ...(status !== undefined ? { status } : {}),
    };
  });

export const listWebhooksQuerySchema = paginationQuerySchema;
export const listWebhookDeliveriesQuerySchema = paginationQuerySchema;

export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

// POST /webhooks/:id/test: any documented event type (Resend's alias too); omitted, email.delivered.
export const testWebhookBodySchema = z.object({ type: webhookEventTypeSchema.optional() });

export type TestWebhookBody = z.infer<typeof testWebhookBodySchema>;
