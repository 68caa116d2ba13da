import type { WebhookPayload } from "@/lib/webhooks/serialize-webhook-payload";
import type { ParsedAttachment, ParsedReceivedMessage } from "./parse-received-message";

/** The `email.received` webhook body: the message's fields and its attachments' metadata (no content). */
export function receivedWebhookPayload(options: {
  id: string;
  createdAt: Date;
  receivedFor: string[];
  bcc: string[];
  parsed: ParsedReceivedMessage;
  attachments: (ParsedAttachment & { id: string })[];
}): WebhookPayload {
  const { parsed } = options;
  const createdAt = options.createdAt.toISOString();
  return {
    id: `evt_${options.id.slice(4)}`,
    type: "email.received",
    created_at: createdAt,
    data: {
      email_id: options.id,
      created_at: createdAt,
      from: parsed.from,
      to: parsed.to,
      cc: parsed.cc,
      bcc: options.bcc,
      received_for: options.receivedFor,
      message_id: parsed.messageId,
      subject: parsed.subject,
      attachments: options.attachments.map((a) => ({
        id: a.id,
        filename: a.filename,
        content_type: a.contentType,
        content_disposition: a.contentDisposition,
        content_id: a.contentId,
        size: a.content.length,
      })),
    },
  };
}
