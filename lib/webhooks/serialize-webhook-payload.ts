import type { EmailEvent } from "@/lib/generated/prisma/client";
import { webhookTypeOfEmailEvent, type WebhookEventType } from "./schemas";

// The JSON body a webhook receives (the spec's "Delivery payload"). snake_case, like the
// email resource. Built once at fan-out and stored on the message, so every retry sends the
// same document.

export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  created_at: string;
  data: Record<string, unknown>;
}

type EventForPayload = Pick<EmailEvent, "id" | "type" | "createdAt" | "emailId" | "recipient" | "data" | "tags">;

const str = (value: unknown): string | null => (typeof value === "string" ? value : null);

export function serializeWebhookPayload(event: EventForPayload, email: { from: string; subject: string | null }): WebhookPayload {
  const stored = (event.data ?? {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {
    email_id: event.emailId,
    from: str(stored.from) ?? email.from,
    to: event.recipient ?? str(stored.to),
    // The rendered subject (templates render at send time) is on the event when there is one.
    subject: str(stored.subject) ?? email.subject ?? null,
    tags: Array.isArray(event.tags) ? event.tags : [],
  };
  switch (event.type) {
    case "email.clicked":
      data.link = str(stored.link);
      data.user_agent = str(stored.user_agent);
      data.ip_address = str(stored.ip_address);
      break;
    case "email.opened":
      data.user_agent = str(stored.user_agent);
      data.ip_address = str(stored.ip_address);
      break;
    case "email.bounced": {
      const bounce = (stored.bounce ?? {}) as Record<string, unknown>;
      data.bounce = { type: bounce.type ?? null, code: bounce.code ?? null, message: bounce.message ?? null };
      break;
    }
    case "email.complaint":
      if (str(stored.feedback_type)) data.feedback_type = stored.feedback_type;
      break;
    case "email.deferred":
      // What the receiver said, and when the next attempt is due.
      data.smtp_response = str(stored.smtp_response);
      data.next_attempt_at = str(stored.next_attempt_at);
      break;
    case "email.failed":
      // Resend's shape: why, under `failed`.
      data.failed = { reason: str(stored.reason), message: str(stored.message) };
      break;
  }
  const type = webhookTypeOfEmailEvent(event.type) ?? (event.type as WebhookEventType);
  return { id: event.id, type, created_at: event.createdAt.toISOString(), data };
}

const TOP_KEYS = ["id", "type", "created_at", "data"];
const DATA_KEYS = [
  "email_id",
  "from",
  "to",
  "subject",
  "tags",
  "link",
  "user_agent",
  "ip_address",
  "bounce",
  "feedback_type",
  "smtp_response",
  "next_attempt_at",
  "failed",
];

// A contact's, a domain's and an automation run's fields, in the order their payloads are documented in.
const CONTACT_DATA_KEYS = ["id", "email", "name", "first_name", "last_name", "unsubscribed", "properties", "created_at", "updated_at"];
const DOMAIN_DATA_KEYS = ["id", "name", "status", "created_at", "verified_at", "records"];
const RUN_DATA_KEYS = ["run_id", "automation_id", "contact_id", "status", "outcome", "started_at", "completed_at"];

function dataKeysOf(type: unknown): string[] {
  if (typeof type === "string" && type.startsWith("contact.")) return CONTACT_DATA_KEYS;
  if (typeof type === "string" && type.startsWith("domain.")) return DOMAIN_DATA_KEYS;
  if (typeof type === "string" && type.startsWith("automation.run.")) return RUN_DATA_KEYS;
  return DATA_KEYS;
}

function ordered(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in value) out[key] = value[key];
  for (const key of Object.keys(value).sort()) if (!(key in out)) out[key] = value[key];
  return out;
}

/**
 * The exact bytes sent. The stored payload comes back from jsonb with its keys re-sorted, so
 * the order is fixed here: the same message always encodes to the same body.
 */
export function encodeWebhookBody(payload: unknown): string {
  const top = ordered(payload as Record<string, unknown>, TOP_KEYS);
  if (top.data && typeof top.data === "object") top.data = ordered(top.data as Record<string, unknown>, dataKeysOf(top.type));
  return JSON.stringify(top);
}
