import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { addressSchema } from "@/lib/emails/addresses";
import { addTemplateSourceIssues } from "@/lib/templates/schemas";
import { utf8Bytes } from "@/lib/templates/utf8-bytes";
import type { Design } from "@/lib/templates/design";
import { automationSettingsFields } from "./graph/settings-schema";
import { stepDesignSchema, stepHtmlFromDesign } from "./steps/step-design";

// Automations (the spec's "Automation" resource). Steps are bodyHtml (the template resource
// says htmlBody); either templateId or subject + bodyHtml.

export const TRIGGER_TYPES = ["list_join", "property_equals", "property_changed", "event", "segment_entry"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const MAX_DELAY_MINUTES = 525_600; // one year
export const MAX_STEPS = 50;
export const STEP_SUBJECT_MAX = 998;
export const STEP_BODY_MAX_BYTES = 512 * 1024;
export const AUTOMATION_REQUEST_MAX_BYTES = 4 * 1024 * 1024;

const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const property = z
  .string({ message: "property must be a string" })
  .max(100)
  .regex(PROPERTY_NAME, "property names start with a letter or _ and use letters, digits, _ and -");
const value = (name: string) => z.string({ message: `${name} must be a string` }).max(2000);

export const triggerConfigSchemas = {
  list_join: z
    .object({ listName: z.string({ message: "listName must be a string" }).trim().min(1, "listName is required").max(200) })
    .strict(),
  property_equals: z.object({ property, value: value("value") }).strict(),
  // An omitted side matches any value, unset included.
  property_changed: z.object({ property, from: value("from").optional(), to: value("to").optional() }).strict(),
  // POST /events with this name.
  event: z
    .object({ eventName: z.string({ message: "eventName must be a string" }).trim().min(1, "eventName is required").max(200) })
    .strict(),
  // A contact starts to match the segment (a list's new member, or a filtered segment's).
  segment_entry: z
    .object({ segmentId: z.string({ message: "segmentId must be a string" }).trim().min(1, "segmentId is required").max(100) })
    .strict(),
} as const;

export type ListJoinConfig = z.infer<typeof triggerConfigSchemas.list_join>;
export type PropertyEqualsConfig = z.infer<typeof triggerConfigSchemas.property_equals>;
export type PropertyChangedConfig = z.infer<typeof triggerConfigSchemas.property_changed>;
export type EventTriggerConfig = z.infer<typeof triggerConfigSchemas.event>;
export type SegmentEntryConfig = z.infer<typeof triggerConfigSchemas.segment_entry>;
export type TriggerConfig = ListJoinConfig | PropertyEqualsConfig | PropertyChangedConfig | EventTriggerConfig | SegmentEntryConfig;

export const triggerTypeSchema = z.enum(TRIGGER_TYPES, { message: `triggerType must be one of: ${TRIGGER_TYPES.join(", ")}` });

/** Checks `config` against the schema of `type`, reporting issues under triggerConfig. */
export function refineTriggerConfig(type: TriggerType, config: unknown, ctx: z.RefinementCtx): TriggerConfig | undefined {
  const parsed = triggerConfigSchemas[type].safeParse(config ?? undefined);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", path: ["triggerConfig", ...issue.path.map(String)], message: issue.message });
  }
  return undefined;
}

const syntax = (schema: z.ZodString) => schema.superRefine(addTemplateSourceIssues);

export const delayMinutesSchema = z
  .number({ message: "delayMinutes must be an integer number of minutes" })
  .int("delayMinutes must be an integer")
  .min(0, "delayMinutes must be 0 or more")
  .max(MAX_DELAY_MINUTES, `delayMinutes must be at most ${MAX_DELAY_MINUTES} (one year)`);
const subjectSchema = syntax(
  z
    .string({ message: "subject must be a string" })
    .max(STEP_SUBJECT_MAX)
    .refine((s) => s.trim().length > 0, "subject must not be blank"),
);
const bodyHtmlSchema = syntax(
  z
    .string({ message: "bodyHtml must be a string" })
    .min(1, "bodyHtml must not be empty")
    .refine((s) => utf8Bytes(s) <= STEP_BODY_MAX_BYTES, "bodyHtml must be at most 512 KB"),
);
const templateIdSchema = z.string({ message: "templateId must be a string" }).min(1);

interface StepContent {
  subject?: string | null;
  bodyHtml?: string | null;
  templateId?: string | null;
  design?: unknown;
}

/**
 * Either templateId, or subject and bodyHtml. With templateId, the template is used and any
 * subject or bodyHtml beside it is ignored (the spec: "if templateId is provided, the template
 * is used instead").
 */
export function refineStepContent(step: StepContent, ctx: z.RefinementCtx) {
  if (step.templateId) return;
  if (step.subject == null) ctx.addIssue({ code: "custom", path: ["subject"], message: "subject is required without templateId" });
  if (step.bodyHtml == null && !step.design)
    ctx.addIssue({ code: "custom", path: ["bodyHtml"], message: "bodyHtml (or design) is required without templateId" });
}

/** A step sent with a design (and no template) gets the bodyHtml rendered from it. */
function renderStepDesign<T extends { bodyHtml?: string | null; templateId?: string | null; design?: Design | null }>(
  step: T,
  ctx: z.RefinementCtx,
): T {
  if (!step.design || step.templateId) return step;
  return { ...step, bodyHtml: stepHtmlFromDesign(step.design, ctx, "design") ?? step.bodyHtml };
}

const stepFields = {
  delayMinutes: delayMinutesSchema,
  subject: subjectSchema.optional(),
  bodyHtml: bodyHtmlSchema.optional(),
  templateId: templateIdSchema.optional(),
  // Instead of bodyHtml: the visual editor's blocks, from which bodyHtml is rendered.
  design: stepDesignSchema.optional(),
};

export const stepInputSchema = z.object(stepFields).strict().superRefine(refineStepContent).transform(renderStepDesign);

export const addStepBodySchema = z
  .object({ ...stepFields, position: z.number().int("position must be an integer").min(0, "position must be 0 or more").optional() })
  .strict()
  .superRefine(refineStepContent)
  .transform(renderStepDesign);

const stepIdSchema = z.string({ message: "id must be a step id" }).min(1);

/**
 * PUT /automations/:id/steps: the whole ordered list. An item with `id` keeps that step (its
 * id, history and any field not given); one without is a new step with its content.
 */
export const replaceStepsBodySchema = z
  .object({
    steps: z
      .array(
        z.union([
          z
            .object({
              id: stepIdSchema,
              delayMinutes: delayMinutesSchema.optional(),
              subject: subjectSchema.nullish(),
              bodyHtml: bodyHtmlSchema.nullish(),
              templateId: templateIdSchema.nullish(),
              design: stepDesignSchema.nullish(),
            })
            .strict()
            .transform(renderStepDesign),
          stepInputSchema,
        ]),
        { message: "steps must be an array of steps" },
      )
      .min(1, "keep at least one step")
      .max(MAX_STEPS, `at most ${MAX_STEPS} steps`),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.steps.forEach((step, i) => {
      if (!("id" in step)) return;
      if (seen.has(step.id)) ctx.addIssue({ code: "custom", path: ["steps", i, "id"], message: `step ${step.id} is listed twice` });
      seen.add(step.id);
    });
  });

// Merged with the stored step in lib (update-step.ts), which checks the either/or rule.
export const updateStepBodySchema = z
  .object({
    delayMinutes: delayMinutesSchema.optional(),
    subject: subjectSchema.nullish(),
    bodyHtml: bodyHtmlSchema.nullish(),
    templateId: templateIdSchema.nullish(),
    // The visual editor's blocks (bodyHtml is rendered from them); null drops them, keeping the HTML.
    design: stepDesignSchema.nullish(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of delayMinutes, subject, bodyHtml, templateId, design",
  })
  .transform(renderStepDesign);

const nameSchema = z.string({ message: "name must be a string" }).trim().min(1, "name is required").max(200);
const descriptionSchema = z.string({ message: "description must be a string" }).trim().max(2000).nullish();
const fromSchema = addressSchema.nullish();

export const createAutomationBodySchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    triggerType: triggerTypeSchema,
    triggerConfig: z.unknown(),
    from: fromSchema,
    steps: z
      .array(stepInputSchema, { message: "steps must be an array of steps" })
      .min(1, "add at least one step")
      .max(MAX_STEPS, `at most ${MAX_STEPS} steps`),
    ...automationSettingsFields,
  })
  // Not strict: a scenario (with its id and industry) is a body this accepts unchanged.
  .transform((body, ctx) => {
    const triggerConfig = refineTriggerConfig(body.triggerType, body.triggerConfig, ctx);
    return { ...body, triggerConfig: triggerConfig as TriggerConfig };
  });

export const updateAutomationBodySchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema,
    triggerType: triggerTypeSchema.optional(),
    triggerConfig: z.unknown().optional(),
    from: fromSchema,
    ...automationSettingsFields,
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of name, description, triggerType, triggerConfig, from, goal, reentry, cooldown, transactional, sendWindow",
  })
  .refine((body) => body.triggerType === undefined || body.triggerConfig !== undefined, {
    path: ["triggerConfig"],
    message: "send triggerConfig with a new triggerType",
  });

/** POST /automations/:id/activate: the body is optional; no body enrolls only from now on. */
export const activateAutomationBodySchema = z
  .object({ enrollExisting: z.boolean({ message: "enrollExisting must be true or false" }).optional() })
  .strict();

export const AUTOMATION_STATUSES = ["paused", "active"] as const;
export const ENROLLMENT_STATUSES = ["active", "completed", "cancelled", "failed"] as const;

export const listAutomationsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(AUTOMATION_STATUSES, { message: `status must be one of: ${AUTOMATION_STATUSES.join(", ")}` }).optional(),
});

export const listEnrollmentsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(ENROLLMENT_STATUSES, { message: `status must be one of: ${ENROLLMENT_STATUSES.join(", ")}` }).optional(),
});

export type StepInput = z.infer<typeof stepInputSchema>;
export type StepInputBody = z.input<typeof stepInputSchema>;
export type AddStepBody = z.infer<typeof addStepBodySchema>;
export type UpdateStepBody = z.infer<typeof updateStepBodySchema>;
export type UpdateStepInput = z.input<typeof updateStepBodySchema>;
export type ActivateAutomationBody = z.infer<typeof activateAutomationBodySchema>;
export type ReplaceStepsBody = z.infer<typeof replaceStepsBodySchema>;
export type CreateAutomationBody = z.infer<typeof createAutomationBodySchema>;
export type UpdateAutomationBody = z.infer<typeof updateAutomationBodySchema>;
export type ListAutomationsQuery = z.infer<typeof listAutomationsQuerySchema>;
export type ListEnrollmentsQuery = z.infer<typeof listEnrollmentsQuerySchema>;
