import { z } from "zod";
import { VARIABLE_NAME } from "../design";
import {
  addTemplateSourceIssues,
  TEMPLATE_HTML_MAX_BYTES,
  TEMPLATE_VARIABLES_MAX,
  templateNameSchema,
  templateSubjectSchema,
} from "../schemas";
import { utf8Bytes } from "../utf8-bytes";

// The resend SDK's template bodies (templates.create/update, as its client sends them: snake
// case, `fallback_value`, `reply_to`), with Mailwright's limits of the spec's template fields.

// An alias names a template in place of its id; it cannot look like one (tpl_...).
const aliasSchema = z
  .string({ message: "alias must be a string" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "an alias is 1-100 letters, digits, '.', '_' and '-', starting with a letter or digit")
  .refine((s) => !s.startsWith("tpl_"), "an alias cannot start with tpl_ (ids do)");

const htmlSchema = z
  .string({ message: "html must be a string" })
  .min(1, "html is required")
  .refine((s) => utf8Bytes(s) <= TEMPLATE_HTML_MAX_BYTES, "html must be at most 512 KB")
  .superRefine(addTemplateSourceIssues);

const textSchema = z
  .string({ message: "text must be a string" })
  .refine((s) => utf8Bytes(s) <= TEMPLATE_HTML_MAX_BYTES, "text must be at most 512 KB")
  .superRefine(addTemplateSourceIssues);

const addressSchema = z.string().trim().min(3).max(320).regex(/@/, "an email address");

const typedVariableSchema = z
  .object({
    key: z
      .string({ message: "key must be a string" })
      .max(200)
      .regex(VARIABLE_NAME, "variable keys use letters, digits, _ and -, with dots for nested values"),
    type: z.enum(["string", "number"], { message: "type is string or number" }),
    fallback_value: z.union([z.string().max(2000), z.number().finite(), z.null()]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fallback_value !== undefined && v.fallback_value !== null && typeof v.fallback_value !== v.type)
      ctx.addIssue({ code: "custom", path: ["fallback_value"], message: `fallback_value must be a ${v.type}, as the variable's type` });
  })
  .transform((v) => ({ key: v.key, type: v.type, fallback_value: v.fallback_value ?? null }));

const typedVariablesSchema = z
  .array(typedVariableSchema, { message: "variables must be a list of {key, type, fallback_value}" })
  .max(TEMPLATE_VARIABLES_MAX, `at most ${TEMPLATE_VARIABLES_MAX} variables`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((v, i) => {
      if (seen.has(v.key)) ctx.addIssue({ code: "custom", path: [i, "key"], message: `variable ${v.key} is declared twice` });
      seen.add(v.key);
    });
  });

const replyToSchema = z.union([addressSchema, z.array(addressSchema).max(50)]).transform((r) => (Array.isArray(r) ? r : [r]));

export const sdkCreateTemplateBodySchema = z.object({
  name: templateNameSchema,
  html: htmlSchema,
  subject: templateSubjectSchema.optional(),
  text: textSchema.optional(),
  alias: aliasSchema.optional(),
  from: addressSchema.optional(),
  reply_to: replyToSchema.optional(),
  variables: typedVariablesSchema.optional(),
});

export const sdkUpdateTemplateBodySchema = z
  .object({
    name: templateNameSchema.optional(),
    html: htmlSchema.optional(),
    subject: templateSubjectSchema.nullable().optional(),
    text: textSchema.nullable().optional(),
    alias: aliasSchema.nullable().optional(),
    from: addressSchema.nullable().optional(),
    reply_to: replyToSchema.optional(),
    variables: typedVariablesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of name, subject, html, text, alias, from, reply_to, variables",
  });

export type SdkCreateTemplateBody = z.infer<typeof sdkCreateTemplateBodySchema>;
export type SdkUpdateTemplateBody = z.infer<typeof sdkUpdateTemplateBodySchema>;
