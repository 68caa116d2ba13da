import { EmailStatus } from "@/lib/generated/prisma/enums";
import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { templateVariablesSchema } from "@/lib/templates/schemas";
import { templateSyntaxError } from "@/lib/templates/render";
import { addressSchema, senderAddressSchema } from "./addresses";
import { parseScheduledAt, SCHEDULED_AT_HINT } from "./parse-scheduled-at";

// The email resource is snake_case, as the spec's send body is.
export const MAX_RECIPIENTS_PER_FIELD = 50;
export const MAX_ATTACHMENTS_BYTES = 10 * 1024 * 1024;
export { MAX_SCHEDULE_DAYS } from "./parse-scheduled-at";
export const MAX_BATCH = 100;

const recipientList = z
  .union([addressSchema, z.array(addressSchema)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string()).max(MAX_RECIPIENTS_PER_FIELD, `at most ${MAX_RECIPIENTS_PER_FIELD} addresses`));

const tagPart = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/, "only letters, numbers, underscores and dashes");

// Headers the pipeline owns; letting callers set them would break signing, bounces or tracking.
const RESERVED_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "reply-to",
  "date",
  "message-id",
  "return-path",
  "dkim-signature",
  "content-type",
  "content-transfer-encoding",
  "mime-version",
  "sender",
]);

const headersSchema = z
  .record(z.string().regex(/^[!-9;-~]+$/, "header names are printable ASCII without ':'"), z.string().max(2000))
  .superRefine((headers, ctx) => {
    for (const [name, value] of Object.entries(headers)) {
      if (RESERVED_HEADERS.has(name.toLowerCase())) {
        ctx.addIssue({ code: "custom", path: [name], message: `${name} is set by Mailwright and cannot be overridden` });
      }
      if (/[\r\n]/.test(value)) ctx.addIssue({ code: "custom", path: [name], message: "header values cannot contain line breaks" });
    }
  });

const attachmentSchema = z.object({
  filename: z
    .string()
    .min(1)
    .max(255)
    .refine((v) => !/[\r\n/\\]/.test(v), "not a plain file name"),
  content: z
    .string()
    .regex(/^[A-Za-z0-9+/=\s]*$/, "must be base64")
    .min(1),
  content_type: z.string().max(255).optional(),
});

// The same variables a template preview takes: flat ({"user.first_name": "Ada"}) or nested.
const variablesSchema = templateVariablesSchema;

// Resolved against the service clock when the email is accepted (accept-emails.ts).
const scheduledAtSchema = z
  .string({ message: `must be ${SCHEDULED_AT_HINT}` })
  .max(200)
  .refine((v) => parseScheduledAt(v, new Date()) !== null, `must be ${SCHEDULED_AT_HINT}`);

export const sendEmailBodySchema = z
  .object({
    from: senderAddressSchema,
    to: recipientList.pipe(z.array(z.string()).min(1, "at least one recipient")),
    cc: recipientList.optional(),
    bcc: recipientList.optional(),
    reply_to: recipientList.optional(),
    subject: z.string().max(998).optional(),
    html: z
      .string()
      .max(2 * 1024 * 1024)
      .optional(),
    text: z
      .string()
      .max(2 * 1024 * 1024)
      .optional(),
    template_id: z.string().min(1).optional(),
    variables: variablesSchema.optional(),
    // Resend's form of template_id + variables (its SDK's emails.send sends `template`).
    template: z
      .object({ id: z.string().min(1), variables: variablesSchema.optional() })
      .strict()
      .optional(),
    headers: headersSchema.optional(),
    tags: z
      .array(z.object({ name: tagPart, value: tagPart }))
      .max(50)
      .optional(),
    scheduled_at: scheduledAtSchema.optional(),
    attachments: z.array(attachmentSchema).max(20).optional(),
  })
  .strict()
  .transform(({ template, ...body }, ctx) => {
    if (!template) return body;
    if (body.template_id !== undefined || body.variables !== undefined) {
      ctx.addIssue({ code: "custom", path: ["template"], message: "send template or template_id/variables, not both" });
      return z.NEVER;
    }
    return { ...body, template_id: template.id, variables: template.variables };
  })
  .superRefine((body, ctx) => {
    if (body.template_id) {
      if (body.html !== undefined || body.text !== undefined) {
        ctx.addIssue({ code: "custom", path: ["template_id"], message: "send either template_id or html/text, not both" });
      }
    } else {
      if (!body.subject?.trim()) ctx.addIssue({ code: "custom", path: ["subject"], message: "subject is required without template_id" });
      if (!body.html && !body.text)
        ctx.addIssue({ code: "custom", path: ["html"], message: "html or text is required without template_id" });
      // With variables the inline fields render as templates at send time: a syntax error is
      // this request's 400, naming the field, not a failed send later.
      if (body.variables) {
        for (const field of ["subject", "html", "text"] as const) {
          const message = body[field] === undefined ? null : templateSyntaxError(body[field]);
          if (message) ctx.addIssue({ code: "custom", path: [field], message });
        }
      }
    }
    const attachmentBytes = (body.attachments ?? []).reduce((n, a) => n + Math.floor((a.content.replace(/\s/g, "").length * 3) / 4), 0);
    if (attachmentBytes > MAX_ATTACHMENTS_BYTES) {
      ctx.addIssue({
        code: "custom",
        path: ["attachments"],
        message: `attachments total more than ${MAX_ATTACHMENTS_BYTES / 1024 / 1024} MB`,
      });
    }
  });

export type SendEmailBody = z.infer<typeof sendEmailBodySchema>;

// PATCH /emails/:id (Resend's emails.update): only the send time of a scheduled email changes.
export const rescheduleEmailBodySchema = z.object({ scheduled_at: scheduledAtSchema }).strict();

export const batchSendBodySchema = z
  .array(z.unknown())
  .min(1, "send at least one email")
  .max(MAX_BATCH, `at most ${MAX_BATCH} emails per batch`);

const emailAddressSchema = z.email();
const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/**
 * after/before: a date (ISO 8601 date-time, or a date as midnight UTC). What is not a date at
 * all is a Resend SDK cursor (an email id): refused as the other lists refuse cursors.
 */
const dateBound = (name: string) =>
  z
    .string()
    .superRefine((value, ctx) => {
      if (isoDate.safeParse(value).success) return;
      ctx.addIssue({
        code: "custom",
        message: /^\d{4}-/.test(value)
          ? `${name} must be an ISO 8601 date-time with an offset (2026-01-31T09:00:00Z) or a date (2026-01-31)`
          : "cursor pagination (after, before) is not supported: page with limit and offset, or pass a date",
      });
    })
    .transform((value) => new Date(value))
    .optional();

/** from/to: an address (Resend's filters); an ISO date is still read as before (created from/to). */
const addressOrDate = (name: string) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value.includes("@") ? emailAddressSchema.safeParse(value).success : isoDate.safeParse(value).success) return;
      ctx.addIssue({ code: "custom", message: `${name} must be an email address (dates go in after and before)` });
    })
    .optional();

export const listEmailsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(EmailStatus).optional(),
  tag: z
    .string()
    .regex(/^[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/, "tag filter is name:value")
    .optional(),
  q: z.string().trim().min(1, "q must not be empty").max(200, "q is at most 200 characters").optional(),
  from: addressOrDate("from").meta({
    description: "The sender's address. (An ISO 8601 date, the old meaning, still filters by creation time.)",
  }),
  to: addressOrDate("to").meta({
    description: "A recipient's address (to, cc or bcc). (An ISO 8601 date, the old meaning, still filters by creation time.)",
  }),
  after: dateBound("after").meta({ description: "Created at or after this ISO 8601 date-time or date." }),
  before: dateBound("before").meta({ description: "Created before this ISO 8601 date-time or date." }),
});

export type ListEmailsQuery = z.infer<typeof listEmailsQuerySchema>;
