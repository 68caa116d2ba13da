import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { addressSchema } from "@/lib/emails/addresses";
import { addTemplateSourceIssues, TEMPLATE_HTML_MAX_BYTES, TEMPLATE_SUBJECT_MAX, templateDesignSchema } from "@/lib/templates/schemas";
import { utf8Bytes } from "@/lib/templates/utf8-bytes";
import { localTimeSchema } from "./local-time-schema";
import { abTestSchema } from "./ab-test-schema";

// Broadcasts: one email to every subscribed member of a list. camelCase like every
// resource but the email one. Either templateId, or subject + (html or text).

export const BROADCAST_NAME_MAX = 200;
export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled", "failed"] as const;
export const BROADCAST_MAX_SCHEDULE_DAYS = 30;
export const BROADCAST_REQUEST_MAX_BYTES = 2 * 1024 * 1024;

const templated = (schema: z.ZodString) => schema.superRefine(addTemplateSourceIssues);

const nameSchema = z
  .string({ message: "name must be a string" })
  .trim()
  .min(1, "name is required")
  .max(BROADCAST_NAME_MAX, `name must be at most ${BROADCAST_NAME_MAX} characters`);
const subjectSchema = templated(
  z.string({ message: "subject must be a string" }).max(TEMPLATE_SUBJECT_MAX, `subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`),
);
const bodySchema = (name: string) =>
  templated(
    z
      .string({ message: `${name} must be a string` })
      .refine((s) => utf8Bytes(s) <= TEMPLATE_HTML_MAX_BYTES, `${name} must be at most 512 KB`),
  );

const fields = {
  name: nameSchema,
  from: addressSchema,
  subject: subjectSchema.optional(),
  html: bodySchema("html").optional(),
  // Instead of html: the visual editor's blocks, from which html is rendered and stored beside them.
  design: templateDesignSchema
    .optional()
    .meta({ description: "Instead of html: the visual editor's blocks, from which html is rendered and stored beside them." }),
  text: bodySchema("text").optional(),
  templateId: z.string({ message: "templateId must be a string" }).min(1).max(100).nullish(),
  listId: z.string({ message: "listId must be a string" }).min(1, "listId is required").max(100),
  // Only members who may receive this topic are emailed (the others are counted in optedOut).
  topicId: z.string({ message: "topicId must be a string" }).min(1).max(100).nullish(),
  // The subject (or the template's) is variant A; null or absent: no test.
  abTest: abTestSchema.nullish().meta({
    description:
      "A subject A/B test: the variants go to sharePercent of the audience first, the winner by metric to the rest after waitMinutes. The broadcast's subject (or its template's) is variant A.",
  }),
};

type Content = { subject?: string; html?: string; text?: string; templateId?: string | null; design?: unknown };

const ONE_OF_HTML_OR_DESIGN = "send either html (HTML you write) or design (the visual editor's blocks), not both";

/** Either a template, or a subject and a body: the rule create and update (on the merged draft) share. */
export function addBroadcastContentIssues(body: Content, ctx: z.RefinementCtx) {
  if (body.templateId) return;
  // The design is the body: html is rendered from it.
  if (body.design) {
    if (!body.subject?.trim()) ctx.addIssue({ code: "custom", path: ["subject"], message: "subject is required without templateId" });
    return;
  }
  if (!body.subject?.trim()) ctx.addIssue({ code: "custom", path: ["subject"], message: "subject is required without templateId" });
  if (!body.html?.trim() && !body.text?.trim())
    ctx.addIssue({ code: "custom", path: ["html"], message: "html or text is required without templateId" });
}

/** The fields of a new broadcast without the content rules (the dashboard's form validates with it). */
export const broadcastFieldsSchema = z.object(fields).strict();

export const createBroadcastBodySchema = broadcastFieldsSchema.superRefine((body, ctx) => {
  if (body.html !== undefined && body.design !== undefined)
    ctx.addIssue({ code: "custom", path: ["design"], message: ONE_OF_HTML_OR_DESIGN });
  addBroadcastContentIssues(body, ctx);
});

export const updateBroadcastBodySchema = z
  .object({
    name: nameSchema.optional(),
    from: addressSchema.optional(),
    subject: fields.subject,
    // HTML written by hand: the broadcast leaves the visual editor (its design is dropped).
    html: fields.html.nullable(),
    // The visual editor's blocks (html is rendered from them); null drops them and keeps the html.
    design: templateDesignSchema
      .nullable()
      .optional()
      .meta({ description: "The visual editor's blocks, from which html is rendered; null keeps the html and drops the blocks." }),
    text: fields.text.nullable(),
    templateId: fields.templateId,
    listId: fields.listId.optional(),
    topicId: fields.topicId,
    abTest: fields.abTest,
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of name, from, subject, html, text, templateId, listId, topicId, design, abTest",
  })
  .refine((body) => !(typeof body.html === "string" && body.design), { path: ["design"], message: ONE_OF_HTML_OR_DESIGN });

export const sendBroadcastBodySchema = z
  .object({
    scheduledAt: z.iso.datetime({ offset: true, message: "scheduledAt must be an ISO 8601 date-time" }).optional(),
    localTime: localTimeSchema.optional().meta({
      description:
        'Instead of scheduledAt: each member\'s email at this wall-clock time in the member\'s zone (the contact\'s timezone property, else the account\'s), e.g. {"date": "2026-12-01", "time": "09:00"}.',
    }),
  })
  .strict()
  .refine((body) => !(body.scheduledAt && body.localTime), {
    path: ["localTime"],
    message: "send either scheduledAt (one instant for everyone) or localTime (a time in each member's zone), not both",
  });

export const testBroadcastBodySchema = z.object({ to: addressSchema.optional() }).strict();

export const listBroadcastsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(BROADCAST_STATUSES, { message: `status must be one of: ${BROADCAST_STATUSES.join(", ")}` }).optional(),
});

// A recipient's delivery status, as the emails' recipients carry it.
export const RECIPIENT_STATUSES = [
  "queued",
  "sending",
  "deferred",
  "sent",
  "delivered",
  "bounced",
  "complained",
  "suppressed",
  "failed",
  "cancelled",
] as const;

export const listBroadcastRecipientsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(RECIPIENT_STATUSES, { message: `status must be one of: ${RECIPIENT_STATUSES.join(", ")}` }).optional(),
});

export type CreateBroadcastBody = z.infer<typeof createBroadcastBodySchema>;
export type UpdateBroadcastBody = z.infer<typeof updateBroadcastBodySchema>;
export type SendBroadcastBody = z.infer<typeof sendBroadcastBodySchema>;
export type TestBroadcastBody = z.infer<typeof testBroadcastBodySchema>;
export type ListBroadcastsQuery = z.infer<typeof listBroadcastsQuerySchema>;
export type ListBroadcastRecipientsQuery = z.infer<typeof listBroadcastRecipientsQuerySchema>;
