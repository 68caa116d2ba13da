import type { WebhookEventType } from "./schemas";
import type { WebhookPayload } from "./serialize-webhook-payload";

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
