import type { WebhookEventType } from "./schemas";
import type { WebhookPayload } from "./serialize-webhook-payload";
import { contactWebhookPayload } from "@/lib/contacts/fan-out-contact-events";
import { domainWebhookPayload } from "@/lib/domains/fan-out-domain-event";
import { runWebhookPayload } from "@/lib/automations/fan-out-run-events";

const markTest = (payload: WebhookPayload): WebhookPayload => ({ ...payload, data: { ...payload.data, test: true } });

/** A test event's payload: the shape a real event of that type has, with sample values and `test: true`. */
export function testEventPayload(options: { eventId: string; type: WebhookEventType; at: Date }): WebhookPayload {
  const data: Record<string, unknown> = {
    email_id: "em_test",
    from: "Mailwright <test@example.com>",
    to: "recipient@example.com",
    subject: "Test event from Mailwright",
    tags: [],
  };
  switch (options.type) {
    case "email.clicked":
      data.link = "https://example.com/";
      data.user_agent = "Mozilla/5.0";
      data.ip_address = "192.0.2.1";
      break;
    case "email.opened":
      data.user_agent = "Mozilla/5.0";
      data.ip_address = "192.0.2.1";
      break;
    case "email.bounced":
      data.bounce = { type: "hard", code: "550", message: "5.1.1 The email account that you tried to reach does not exist (test)" };
      break;
    case "email.complaint":
      data.feedback_type = "abuse";
      break;
    case "email.delivery_delayed":
      data.smtp_response = "451 4.2.0 Mailbox temporarily unavailable (test)";
      data.next_attempt_at = new Date(options.at.getTime() + 60_000).toISOString();
      break;
    case "email.failed":
      data.failed = { reason: "delivery_failed", message: "delivery gave up after its last attempt (test)" };
      break;
    case "contact.created":
    case "contact.updated":
    case "contact.deleted":
      return markTest(
        contactWebhookPayload({
          eventId: options.eventId,
          type: options.type,
          at: options.at,
          contact: {
            id: "con_test",
            email: "ann@example.com",
            name: "Ann Lee",
            properties: { plan: "pro" },
            subscribed: true,
            createdAt: options.at,
            updatedAt: options.at,
          },
        }),
      );
    case "automation.run.started":
    case "automation.run.completed":
    case "automation.run.exited": {
      const ended = options.type !== "automation.run.started";
      return markTest(
        runWebhookPayload({
          eventId: options.eventId,
          type: options.type,
          at: options.at,
          run: {
            id: "enr_test",
            accountId: "acc_test",
            automationId: "aut_test",
            contactId: "con_test",
            status: !ended ? "active" : options.type === "automation.run.completed" ? "completed" : "cancelled",
            outcome: options.type === "automation.run.exited" ? "exit" : null,
            enrolledAt: new Date(options.at.getTime() - (ended ? 3 * 86_400_000 : 0)),
            completedAt: ended ? options.at : null,
          },
        }),
      );
    }
    case "domain.updated":
      return markTest(
        domainWebhookPayload({
          eventId: options.eventId,
          at: options.at,
          domain: {
            id: "dom_test",
            domain: "example.com",
            status: "verified",
            verifiedAt: options.at,
            lastCheckedAt: options.at,
            createdAt: options.at,
            records: [
              {
                type: "MX",
                name: "send.example.com",
                value: "feedback.example.com",
                priority: 10,
                purpose: "bounce MX",
                status: "verified",
                required: true,
              },
              {
                type: "TXT",
                name: "send.example.com",
                value: "v=spf1 include:example.com ~all",
                purpose: "SPF",
                status: "verified",
                required: true,
              },
            ],
          },
        }),
      );
    case "email.received":
      Object.assign(data, {
        email_id: "rcv_test",
        created_at: options.at.toISOString(),
        from: "Ann <ann@example.com>",
        to: ["support@example.com"],
        cc: [],
        bcc: [],
        received_for: ["support@example.com"],
        message_id: "<test@example.com>",
        attachments: [],
      });
      delete data.tags;
      break;
  }
  data.test = true;
  return { id: options.eventId, type: options.type, created_at: options.at.toISOString(), data };
}
