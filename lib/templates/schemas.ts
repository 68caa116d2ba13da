import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { templateSyntaxError } from "./render";

export const TEMPLATE_NAME_MAX = 200;
// RFC 5322's line limit: a subject longer than a header line cannot be sent unfolded.
export const TEMPLATE_SUBJECT_MAX = 998;
export const TEMPLATE_HTML_MAX_BYTES = 512 * 1024;
export const TEMPLATE_VARIABLES_MAX = 200;
// JSON escaping can double a body's size: room for a full 512 KB htmlBody plus the rest.
export const TEMPLATE_REQUEST_MAX_BYTES = 2 * 1024 * 1024;

// A mustache tag name as we document it: letters, digits, _ and -, dotted for nested values.
const VARIABLE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;

// TextEncoder, not Buffer: the dashboard's forms use these schemas in the browser too.
const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

const withValidSyntax = (schema: z.ZodString) =>
  schema.superRefine((source, ctx) => {
    const message = templateSyntaxError(source);
    if (message) ctx.addIssue({ code: "custom", message });
  });

const nameSchema = z
  .string({ message: "name must be a string" })
  .trim()
  .min(1, "name is required")
  .max(TEMPLATE_NAME_MAX, `name must be at most ${TEMPLATE_NAME_MAX} characters`);

const subjectSchema = withValidSyntax(
  z
    .string({ message: "subject must be a string" })
    .min(1, "subject is required")
    .max(TEMPLATE_SUBJECT_MAX, `subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`)
    .refine((s) => s.trim().length > 0, "subject must not be blank"),
);

const htmlBodySchema = withValidSyntax(
  z
    .string({ message: "htmlBody must be a string" })
    .min(1, "htmlBody is required")
    .refine((s) => utf8Bytes(s) <= TEMPLATE_HTML_MAX_BYTES, "htmlBody must be at most 512 KB"),
);

const variablesSchema = z
  .array(
    z
      .string({ message: "each variable must be a string" })
      .max(200, "variable names are at most 200 characters")
      .regex(VARIABLE_NAME, "variable names use letters, digits, _ and -, with dots for nested values (contact.plan)"),
    { message: "variables must be an array of variable names" },
  )
  .max(TEMPLATE_VARIABLES_MAX, `at most ${TEMPLATE_VARIABLES_MAX} variables`)
  .transform((names) => [...new Set(names)]);

export const createTemplateBodySchema = z.object({
  name: nameSchema,
  subject: subjectSchema,
  htmlBody: htmlBodySchema,
  // Omitted: derived from subject and htmlBody.
  variables: variablesSchema.optional(),
});

export const updateTemplateBodySchema = z
  .object({
    name: nameSchema.optional(),
    subject: subjectSchema.optional(),
    htmlBody: htmlBodySchema.optional(),
    variables: variablesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of name, subject, htmlBody, variables",
  });

export const listTemplatesQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(TEMPLATE_NAME_MAX).optional(),
});

// Values may nest (contact.plan) and hold numbers, booleans or lists, as mustache allows.
export const templateVariablesSchema = z.record(z.string(), z.unknown(), {
  message: "variables must be an object of variable names to values",
});

export const previewTemplateBodySchema = z.object({
  variables: templateVariablesSchema.optional().default({}),
  // Unsaved edits (the dashboard's live preview): rendered instead of the stored text.
  subject: subjectSchema.optional(),
  htmlBody: htmlBodySchema.optional(),
});

export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuerySchema>;
export type PreviewTemplateBody = z.infer<typeof previewTemplateBodySchema>;
