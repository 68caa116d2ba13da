import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { addressSchema, senderAddressSchema } from "@/lib/emails/addresses";
import { templateComplexityError, templateSyntaxError } from "./render";
import { DESIGN_MAX_BYTES, designSchema } from "./design";
import { sampleDataSchema } from "./sample-data";
import { utf8Bytes } from "./utf8-bytes";

export const TEMPLATE_NAME_MAX = 200;
// RFC 5322's line limit: a subject longer than a header line cannot be sent unfolded.
export const TEMPLATE_SUBJECT_MAX = 998;
export const TEMPLATE_HTML_MAX_BYTES = 512 * 1024;
export const TEMPLATE_VARIABLES_MAX = 200;
// JSON escaping can double a body's size: room for a full 512 KB htmlBody plus the rest.
export const TEMPLATE_REQUEST_MAX_BYTES = 2 * 1024 * 1024;

// A mustache tag name as we document it: letters, digits, _ and -, dotted for nested values.
const VARIABLE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;

/** A template field's problems as zod issues: syntax (validation_error), then nesting depth. */
export function addTemplateSourceIssues(source: string, ctx: z.RefinementCtx) {
  const message = templateSyntaxError(source);
  if (message) return ctx.addIssue({ code: "custom", message });
  const tooComplex = templateComplexityError(source);
  // params.code: the 400 is template_too_complex rather than validation_error (lib/api/errors).
  if (tooComplex) ctx.addIssue({ code: "custom", message: tooComplex, params: { code: "template_too_complex" } });
}

const withValidSyntax = (schema: z.ZodString) => schema.superRefine(addTemplateSourceIssues);

export const templateNameSchema = z
  .string({ message: "name must be a string" })
  .trim()
  .min(1, "name is required")
  .max(TEMPLATE_NAME_MAX, `name must be at most ${TEMPLATE_NAME_MAX} characters`);

export const templateSubjectSchema = withValidSyntax(
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

// The visual editor's document; htmlBody is rendered from it (render-design-html.ts).
export const templateDesignSchema = designSchema.refine(
  (design) => utf8Bytes(JSON.stringify(design)) <= DESIGN_MAX_BYTES,
  `design must be at most ${DESIGN_MAX_BYTES / 1024} KB as JSON`,
);

const ONE_OF_HTML_OR_DESIGN = "send either htmlBody (HTML you write) or design (the visual editor's blocks), not both";

/** The fields of a new template, without the rule that exactly one of htmlBody and design is sent. */
export const templateFieldsSchema = z.object({
  name: templateNameSchema,
  subject: templateSubjectSchema,
  // Required unless design is sent.
  htmlBody: htmlBodySchema.optional(),
  design: templateDesignSchema
    .optional()
    .meta({ description: "Instead of htmlBody: the visual editor's blocks, from which htmlBody is rendered and stored beside them." }),
  // Omitted: derived from subject and htmlBody.
  variables: variablesSchema.optional(),
  // Omitted: none ({}).
  sampleData: sampleDataSchema.optional(),
});

export const createTemplateBodySchema = templateFieldsSchema.superRefine((body, ctx) => {
  if (body.htmlBody !== undefined && body.design !== undefined)
    ctx.addIssue({ code: "custom", path: ["design"], message: ONE_OF_HTML_OR_DESIGN });
  if (body.htmlBody === undefined && body.design === undefined)
    ctx.addIssue({ code: "custom", path: ["htmlBody"], message: "htmlBody is required" });
});

export const updateTemplateBodySchema = z
  .object({
    name: templateNameSchema.optional(),
    subject: templateSubjectSchema.optional(),
    // HTML written by hand: the template leaves the visual editor (its design is dropped).
    htmlBody: htmlBodySchema.optional(),
    // The visual editor's blocks (htmlBody is rendered from them); null drops the design and
    // keeps the HTML as it is, for editing as code from then on.
    design: templateDesignSchema.nullable().optional().meta({
      description:
        "The visual editor's blocks, from which htmlBody is rendered; null keeps the HTML and drops the blocks (code from then on).",
    }),
    variables: variablesSchema.optional(),
    sampleData: sampleDataSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of name, subject, htmlBody, variables, sampleData, design",
  })
  .refine((body) => !(body.htmlBody !== undefined && body.design), { path: ["design"], message: ONE_OF_HTML_OR_DESIGN });

export const listTemplatesQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(TEMPLATE_NAME_MAX).optional(),
});

// Variables are bounded JSON: values are strings, numbers, booleans, null (renders empty),
// objects of those (nested at most VARIABLES_MAX_DEPTH levels, the top-level object being level
// 1) and lists of those for sections (at most VARIABLES_MAX_ITEMS items each); at most
// VARIABLES_MAX_KEYS names in all, nested ones included, and at most VARIABLES_MAX_BYTES as JSON.
// One schema for every body that carries variables (a send, a batch, a preview), so what a
// preview takes a send takes too.
export const VARIABLES_MAX_DEPTH = 5;
export const VARIABLES_MAX_ITEMS = 1000;
export const VARIABLES_MAX_KEYS = 1000;
export const VARIABLES_MAX_BYTES = 64 * 1024;

type BoundsProblem = { path: (string | number)[]; message: string };

/** The first way `value` (a variables object) is out of bounds, or null. Walks at most the depth limit. */
function variablesBoundsProblem(variables: Record<string, unknown>): BoundsProblem | null {
  const size = { bytes: 0, keys: 0 };
  return walkVariables(variables, 1, [], size);
}

// Outside variablesBoundsProblem: a closure made per call (per email of a batch) cost more
// than walking a small object.
function walkVariables(
  value: unknown,
  depth: number,
  path: (string | number)[],
  size: { bytes: number; keys: number },
): BoundsProblem | null {
  if (value === null || typeof value !== "object") {
    if (
      value !== null &&
      value !== undefined &&
      typeof value !== "string" &&
      typeof value !== "boolean" &&
      !(typeof value === "number" && Number.isFinite(value))
    ) {
      return { path, message: "variable values are strings, numbers, booleans, null, objects or lists of those" };
    }
    size.bytes += typeof value === "string" ? utf8Bytes(value) + 2 : String(value).length;
    return null;
  }
  if (depth > VARIABLES_MAX_DEPTH) return { path, message: `variables nest at most ${VARIABLES_MAX_DEPTH} levels deep` };
  if (Array.isArray(value)) {
    if (value.length > VARIABLES_MAX_ITEMS) return { path, message: `lists in variables hold at most ${VARIABLES_MAX_ITEMS} items` };
    size.bytes += 2 + value.length;
    for (let i = 0; i < value.length; i++) {
      const problem = walkVariables(value[i], depth + 1, [...path, i], size);
      if (problem) return problem;
    }
  } else {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (++size.keys > VARIABLES_MAX_KEYS) {
        return { path: [...path, key], message: `variables hold at most ${VARIABLES_MAX_KEYS} names in all, nested ones included` };
      }
      size.bytes += utf8Bytes(key) + 4;
      const problem = walkVariables((value as Record<string, unknown>)[key], depth + 1, [...path, key], size);
      if (problem) return problem;
    }
  }
  return size.bytes > VARIABLES_MAX_BYTES
    ? { path: [], message: `variables must be at most ${VARIABLES_MAX_BYTES / 1024} KB as JSON` }
    : null;
}

/** The bounds above as a refinement, for every schema that takes template variables. */
export function addVariablesBoundsIssue(variables: Record<string, unknown>, ctx: z.RefinementCtx) {
  const problem = variablesBoundsProblem(variables);
  if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
}

export const VARIABLES_DESCRIPTION =
  `Values for the template's {{names}}: strings, numbers, booleans, null (renders empty), objects of those nested at most ${VARIABLES_MAX_DEPTH} levels, and lists of those for sections ({{#items}}…{{/items}}, at most ${VARIABLES_MAX_ITEMS} items each); at most ${VARIABLES_MAX_KEYS} names in all and ${VARIABLES_MAX_BYTES / 1024} KB as JSON (400 validation_error naming the path, e.g. variables.user.address). ` +
  'A dotted name reads a key of exactly that name first, then the nested path: {{user.first_name}} renders "Ada" from {"user.first_name": "Ada"} and from {"user": {"first_name": "Ada"}} alike.';

export const templateVariablesSchema = z
  .record(z.string(), z.unknown(), { message: "variables must be an object of variable names to values" })
  .superRefine(addVariablesBoundsIssue)
  .meta({ description: VARIABLES_DESCRIPTION });

export const previewTemplateBodySchema = z.object({
  // Omitted: the template's saved sampleData.
  variables: templateVariablesSchema.optional(),
  // Unsaved edits (the dashboard's live preview): rendered instead of the stored text.
  subject: templateSubjectSchema.optional(),
  htmlBody: htmlBodySchema.optional(),
  // On: in the account's default layout, as journeys and broadcasts send it; off: the template
  // alone, as an API send of it is. The preview's default is off, the test send's on.
  layout: z.boolean({ message: "layout must be true or false" }).optional(),
});

// A test send from the editor: its typed content rendered as the preview does, one recipient.
export const testTemplateBodySchema = previewTemplateBodySchema
  .extend({
    from: senderAddressSchema,
    to: addressSchema,
  })
  .strict();

export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuerySchema>;
export type PreviewTemplateBody = z.infer<typeof previewTemplateBodySchema>;
export type TestTemplateBody = z.infer<typeof testTemplateBodySchema>;
