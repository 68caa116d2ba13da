import type { WebhookEventType } from "@/lib/webhooks/schemas";

export const EVENT_LABELS: Record<WebhookEventType, { label: string; description: string }> = {
  "email.sent": { label: "Sent", description: "The first delivery attempt to a recipient was made, whatever came of it." },
  "email.delivered": { label: "Delivered", description: "The receiving server accepted the email." },
  "email.delivery_delayed": { label: "Delivery delayed", description: "A temporary failure; it will be tried again." },
  "email.opened": { label: "Opened", description: "The recipient opened it (tracking pixel)." },
  "email.clicked": { label: "Clicked", description: "The recipient clicked a tracked link." },
  "email.bounced": { label: "Bounced", description: "Delivery failed, hard or soft." },
  "email.complaint": { label: "Complaint", description: "The recipient marked it as spam." },
  "email.failed": { label: "Failed", description: "It will not be delivered, for a reason other than a bounce." },
  "email.received": { label: "Received", description: "Mail arrived for one of your receiving domains." },
  "contact.created": { label: "Contact created", description: "A contact was added (API, dashboard, event or import)." },
  "contact.updated": { label: "Contact updated", description: "A contact's fields changed, or it unsubscribed." },
  "contact.deleted": { label: "Contact deleted", description: "A contact was deleted." },
  "domain.updated": { label: "Domain updated", description: "A DNS check verified a domain, or failed it." },
  "automation.run.started": { label: "Run started", description: "A contact entered an automation." },
  "automation.run.completed": { label: "Run completed", description: "A contact reached an automation's end, or its goal." },
  "automation.run.exited": {
    label: "Run exited",
    description: "A contact left an automation early: an exit step, an unsubscribe, a failure.",
  },
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type as WebhookEventType]?.label ?? type;
}
