import type { WebhookEventType } from "@/lib/webhooks/schemas";

export const EVENT_LABELS: Record<WebhookEventType, { label: string; description: string }> = {
  "email.delivered": { label: "Delivered", description: "The receiving server accepted the email." },
  "email.opened": { label: "Opened", description: "The recipient opened it (tracking pixel)." },
  "email.clicked": { label: "Clicked", description: "The recipient clicked a tracked link." },
  "email.bounced": { label: "Bounced", description: "Delivery failed, hard or soft." },
  "email.complaint": { label: "Complaint", description: "The recipient marked it as spam." },
  "email.received": { label: "Received", description: "Mail arrived for one of your receiving domains." },
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type as WebhookEventType]?.label ?? type;
}
