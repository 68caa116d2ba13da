import { defineOperation } from "@/lib/api/define-operation";
import {
  forwardReceivedEmailBodySchema,
  getReceivedEmailQuerySchema,
  listReceivedAttachmentsQuerySchema,
  listReceivedEmailsQuerySchema,
} from "./schemas";
import {
  forwardReceivedEmailResponseSchema,
  listReceivedAttachmentsResponseSchema,
  listReceivedEmailsResponseSchema,
  receivedAttachmentResponseSchema,
  receivedEmailResponseSchema,
} from "./response-schemas";

// Received mail, under /emails/receiving as the resend SDK's emails.receiving calls it. The
// domain setting that turns receiving on is PATCH /domains/{id} (lib/domains/operations.ts).

export const listReceivedEmailsOp = defineOperation({
  method: "GET",
  path: "/emails/receiving",
  id: "listReceivedEmails",
  summary: "List received emails, newest first",
  tag: "Emails",
  query: listReceivedEmailsQuerySchema,
  response: listReceivedEmailsResponseSchema,
});

export const getReceivedEmailOp = defineOperation({
  method: "GET",
  path: "/emails/receiving/{id}",
  id: "getReceivedEmail",
  summary: "Get a received email with its body, headers and raw source link",
  description: "`html_format=data_uri` (the default) puts inline images into the HTML; `cid` keeps their `cid:` links.",
  tag: "Emails",
  query: getReceivedEmailQuerySchema,
  response: receivedEmailResponseSchema,
});

export const listReceivedAttachmentsOp = defineOperation({
  method: "GET",
  path: "/emails/receiving/{id}/attachments",
  id: "listReceivedAttachments",
  summary: "A received email's attachments with download links",
  tag: "Emails",
  query: listReceivedAttachmentsQuerySchema,
  response: listReceivedAttachmentsResponseSchema,
});

export const getReceivedAttachmentOp = defineOperation({
  method: "GET",
  path: "/emails/receiving/{id}/attachments/{attachmentId}",
  id: "getReceivedAttachment",
  summary: "One attachment of a received email with its download link",
  tag: "Emails",
  response: receivedAttachmentResponseSchema,
});

export const forwardReceivedEmailOp = defineOperation({
  method: "POST",
  path: "/emails/receiving/{id}/forward",
  id: "forwardReceivedEmail",
  summary: "Forward a received email through the send pipeline",
  description:
    "Passthrough (the default) sends the subject, body and attachments as received; `passthrough: false` sends your `text`/`html` with the message attached as forwarded_message.eml. Costs a credit per recipient, like POST /emails.",
  tag: "Emails",
  scope: "send:email",
  body: forwardReceivedEmailBodySchema,
  status: 201,
  response: forwardReceivedEmailResponseSchema,
  idempotent: true,
  errors: ["insufficient_credits", "domain_not_verified", "sandbox_recipient", "conflict"],
  example: { from: "Acme <support@example.com>", to: "team@example.org" },
});
