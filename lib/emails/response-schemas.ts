import { z } from "zod";
import { EmailStatus, RecipientKind, RecipientStatus } from "@/lib/generated/prisma/enums";
import { idOf, jsonValue, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";

// Documented response shapes of the email routes (serialize-email.ts, send-emails.ts); the
// email resource is snake_case.

const tagSchema = z.object({ name: z.string(), value: z.string() });

const emailSummaryFields = {
  id: idOf("em"),
  from: z.string().meta({ example: "Acme <hello@example.com>" }),
  to: z.array(z.string()).meta({ example: ["ann@example.org"] }),
  subject: z.string(),
  status: z.enum(EmailStatus),
  partially_bounced: z.boolean().meta({ description: "Some recipients bounced and some did not (the status summarises the rest)." }),
  tags: z.array(tagSchema),
  template_id: idOf("tpl").nullable(),
  automation_id: idOf("aut").nullable(),
  broadcast_id: idOf("bc").nullable().meta({ description: "The broadcast that sent it." }),
  scheduled_at: nullableTimestamp,
  created_at: timestamp,
  sent_at: nullableTimestamp,
  last_event: z.string().nullable().meta({ example: "email.delivered" }),
};

export const emailSummaryResponseSchema = z.object(emailSummaryFields).meta({ id: "EmailSummary" });

export const emailResponseSchema = z
  .object({
    ...emailSummaryFields,
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    reply_to: z.array(z.string()),
    html: z.string().nullable().meta({
      description:
        "The HTML as sent. Templates and broadcasts render at send time: until then a template's email has null (see template_id and variables) and a broadcast's email its rendering as of now.",
    }),
    text: z.string().nullable(),
    variables: jsonValue.meta({
      description: "The template variables sent (a broadcast's email: the member's, which its body renders with), or null.",
    }),
    headers: z.record(z.string(), z.string()).nullable(),
    attachments: z.array(z.object({ filename: z.string(), content_type: z.string().nullable() })),
    recipients: z.array(z.object({ email: z.string(), type: z.enum(RecipientKind), status: z.enum(RecipientStatus) })),
    events: z.array(
      z.object({
        id: idOf("evt"),
        type: z.string().meta({ example: "email.delivered" }),
        recipient: z.string().nullable(),
        created_at: timestamp,
        data: jsonValue,
      }),
    ),
  })
  .meta({ id: "Email" });

export const listEmailsResponseSchema = listOf(emailSummaryResponseSchema);

export const sendEmailResponseSchema = z.object({ id: idOf("em") }).meta({ id: "SentEmail" });

export const batchSendResponseSchema = z.object({ data: z.array(sendEmailResponseSchema) });

export const cancelEmailResponseSchema = z.object({ id: idOf("em"), status: z.literal("cancelled") });
export const rescheduleEmailResponseSchema = z.object({ id: idOf("em"), status: z.literal("scheduled"), scheduled_at: timestamp });
