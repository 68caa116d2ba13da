import { z } from "zod";
import { idOf, timestamp } from "@/lib/openapi/common";

// Documented response shapes of the receiving routes: the resend SDK's received-email shapes
// (snake_case), with Mailwright's authentication results and reply link beside them.

const attachmentMetaSchema = z.object({
  id: idOf("att"),
  filename: z.string().nullable(),
  size: z.number().int(),
  content_type: z.string(),
  content_id: z.string().nullable(),
  content_disposition: z.string(),
});

const summaryFields = {
  id: idOf("rcv"),
  from: z.string().meta({ example: "Ann <ann@example.org>" }),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()).meta({ description: "Envelope recipients of this account that the To and Cc fields do not name." }),
  reply_to: z.array(z.string()),
  received_for: z.array(z.string()).meta({ description: "The envelope recipients (RCPT TO) at this account's domains." }),
  subject: z.string(),
  message_id: z.string(),
  created_at: timestamp,
  size: z.number().int().meta({ description: "Bytes of the raw message." }),
  authentication: z
    .object({ spf: z.string(), dkim: z.string(), dmarc: z.string() })
    .meta({ description: "Each a result word: pass, fail, softfail, neutral, none, temperror, permerror." }),
  in_reply_to_email_id: idOf("em").nullable().meta({ description: "The sent email this message replies to, if any." }),
  attachments: z.array(attachmentMetaSchema),
};

const receivedEmailSummarySchema = z.object(summaryFields).meta({ id: "ReceivedEmailSummary" });

export const listReceivedEmailsResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(receivedEmailSummarySchema),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int(), hasMore: z.boolean() }),
});

const downloadLink = z.object({ download_url: z.string(), expires_at: timestamp });

export const receivedEmailResponseSchema = z
  .object({
    object: z.literal("email"),
    ...summaryFields,
    html: z.string().nullable(),
    text: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    raw: downloadLink.meta({ description: "The message source (message/rfc822); the link needs no key and expires in an hour." }),
  })
  .meta({ id: "ReceivedEmail" });

const attachmentDataSchema = z.object({
  id: idOf("att"),
  filename: z.string().optional(),
  size: z.number().int(),
  content_type: z.string(),
  content_disposition: z.enum(["inline", "attachment"]),
  content_id: z.string().optional(),
  ...downloadLink.shape,
});

export const listReceivedAttachmentsResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(attachmentDataSchema),
});

export const receivedAttachmentResponseSchema = z.object({ object: z.literal("attachment"), ...attachmentDataSchema.shape });

export const forwardReceivedEmailResponseSchema = z.object({ id: idOf("em") });
