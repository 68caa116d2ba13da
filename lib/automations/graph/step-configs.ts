import { z } from "zod";
import { triggerConfigSchemas, TRIGGER_TYPES, MAX_DELAY_MINUTES } from "../schemas";
import { parseDurationMinutes } from "./duration";
import { conditionRuleSchema } from "./rule-schema";
import type { StepType } from "./graph-types";
import { stepDesignSchema, stepHtmlFromDesign } from "../steps/step-design";

// Each step type's config (camelCase, after wire-config.ts). Waits are bounded: a delay or a
// wait's timeout is at most a year; a wait without a timeout times out after 30 days.

export const DEFAULT_WAIT_TIMEOUT_MINUTES = 30 * 1440;

const duration = (name: string) =>
  z.unknown().superRefine((value, ctx) => {
    const minutes = parseDurationMinutes(value);
    if (minutes === null) ctx.addIssue({ code: "custom", message: `${name} must be a duration such as "2 days", "PT30M" or {minutes}` });
    else if (minutes > MAX_DELAY_MINUTES) ctx.addIssue({ code: "custom", message: `${name} must be at most a year` });
  });

const eventName = z.string({ message: "eventName must be a string" }).trim().min(1, "eventName is required").max(200);

/** The trigger: the SDK's {eventName}, or one of the service's triggers as {triggerType, triggerConfig}. */
const triggerSchema = z.union([
  z.object({ eventName }).strict(),
  z
    .object({ triggerType: z.enum(TRIGGER_TYPES), triggerConfig: z.unknown() })
    .strict()
    .superRefine((t, ctx) => {
      const parsed = triggerConfigSchemas[t.triggerType].safeParse(t.triggerConfig);
      if (!parsed.success)
        for (const i of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: ["triggerConfig", ...i.path.map(String)], message: i.message });
    }),
]);

const sendEmailSchema = z
  .object({
    template: z
      .object({ id: z.string().min(1, "template.id is required"), variables: z.record(z.string(), z.unknown()).optional() })
      .strict()
      .optional(),
    subject: z.string().max(998).optional(),
    html: z
      .string()
      .min(1)
      .max(512 * 1024)
      .optional(),
    from: z.string().max(320).optional(),
    replyTo: z.string().max(320).optional(),
    topicId: z.string().max(100).optional(),
    // Beside html: the visual editor's blocks html is rendered from (the html sent is replaced).
    design: stepDesignSchema.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (!c.template && (c.subject === undefined || (c.html === undefined && !c.design))) {
      ctx.addIssue({ code: "custom", message: "send_email needs template.id, or subject and html (or design)" });
    } else if (!c.template && !c.subject?.trim()) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: "subject must not be blank" });
    }
  })
  .transform((c, ctx) => (c.design && !c.template ? { ...c, html: stepHtmlFromDesign(c.design, ctx, "design") ?? c.html } : c));

const valueOrVar = z.union([z.string(), z.number(), z.boolean(), z.null(), z.object({ var: z.string().min(1) }).strict()]);

export const stepConfigSchemas: Record<StepType, z.ZodType> = {
  trigger: triggerSchema,
  delay: z.union([z.object({ duration: duration("duration") }).strict(), z.object({ minutes: duration("minutes") }).strict()]),
  send_email: sendEmailSchema,
  wait_for_event: z.object({ eventName, timeout: duration("timeout").optional(), filterRule: conditionRuleSchema.optional() }).strict(),
  condition: conditionRuleSchema,
  contact_update: z
    .object({
      firstName: valueOrVar.optional(),
      lastName: valueOrVar.optional(),
      unsubscribed: z.union([z.boolean(), z.object({ var: z.string() }).strict()]).optional(),
      properties: z.record(z.string().max(100), valueOrVar).optional(),
    })
    .strict(),
  contact_delete: z.object({}).strict(),
  add_to_segment: z.object({ segmentId: z.string().min(1).max(100) }).strict(),
  split: z
    .object({
      variants: z
        .array(z.object({ name: z.string().trim().min(1).max(100), weight: z.number().int().min(1).max(10_000) }).strict())
        .min(2, "a split needs at least two variants")
        .max(10, "a split has at most ten variants"),
    })
    .strict()
    .refine((c) => new Set(c.variants.map((v) => v.name)).size === c.variants.length, "variant names must differ"),
  exit: z.object({ reason: z.string().max(200).optional() }).strict(),
};

/** A delay step's minutes (config validated). */
export function delayMinutesOf(config: Record<string, unknown>): number {
  return parseDurationMinutes(config.duration ?? config.minutes) ?? 0;
}

/** A wait's timeout in minutes: its own, else the default. */
export function waitTimeoutMinutes(config: Record<string, unknown>): number {
  return config.timeout === undefined
    ? DEFAULT_WAIT_TIMEOUT_MINUTES
    : (parseDurationMinutes(config.timeout) ?? DEFAULT_WAIT_TIMEOUT_MINUTES);
}
