import { z } from "zod";
import { parseDurationMinutes } from "./duration";

// Rules of conditions, goals and wait filters: the SDK's ConditionRule on contact fields and
// properties, and behaviour rules (an email of the run opened or clicked, an event done within
// a window, membership of a list).

export type PropertyRule =
  | { type: "rule"; field: string; operator: "eq" | "neq"; value: string | number | boolean | null }
  | { type: "rule"; field: string; operator: "gt" | "gte" | "lt" | "lte"; value: number | string }
  | { type: "rule"; field: string; operator: "contains" | "starts_with" | "ends_with"; value: string }
  | { type: "rule"; field: string; operator: "exists" | "is_empty" };

export type Rule =
  | PropertyRule
  | { type: "and" | "or"; rules: Rule[] }
  | {
      type: "email";
      action: "received" | "opened" | "clicked";
      stepKey?: string;
      automationId?: string;
      broadcastId?: string;
      within?: string;
    }
  | { type: "event"; eventName: string; within?: string; negate?: boolean }
  | { type: "segment"; segmentId: string };

const MAX_DEPTH = 5;
const field = z.string({ message: "field must be a string" }).min(1, "field is required").max(200);
const within = z
  .string({ message: "within must be a duration" })
  .refine((s) => parseDurationMinutes(s) !== null, 'within must be a duration such as "7 days"')
  .optional();

const leaf = z.discriminatedUnion("operator", [
  z
    .object({
      type: z.literal("rule"),
      field,
      operator: z.enum(["eq", "neq"]),
      value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    })
    .strict(),
  z
    .object({ type: z.literal("rule"), field, operator: z.enum(["gt", "gte", "lt", "lte"]), value: z.union([z.number(), z.string()]) })
    .strict(),
  z.object({ type: z.literal("rule"), field, operator: z.enum(["contains", "starts_with", "ends_with"]), value: z.string() }).strict(),
  z.object({ type: z.literal("rule"), field, operator: z.enum(["exists", "is_empty"]) }).strict(),
]);

const behaviour = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("email"),
      action: z.enum(["received", "opened", "clicked"]),
      stepKey: z.string().max(100).optional(),
      automationId: z.string().max(100).optional(),
      broadcastId: z.string().max(100).optional(),
      within,
    })
    .strict(),
  z.object({ type: z.literal("event"), eventName: z.string().min(1).max(200), within, negate: z.boolean().optional() }).strict(),
  z.object({ type: z.literal("segment"), segmentId: z.string().min(1).max(100) }).strict(),
]);

function ruleSchema(depth: number): z.ZodType<Rule> {
  const group = z
    .object({
      type: z.enum(["and", "or"]),
      rules: z
        .array(depth >= MAX_DEPTH ? z.never({ message: `rules nest at most ${MAX_DEPTH} deep` }) : z.lazy(() => ruleSchema(depth + 1)))
        .min(1, "a group needs at least one rule")
        .max(50),
    })
    .strict();
  return z.union([leaf, group, behaviour], { message: "not a rule: {type: rule|and|or|email|event|segment, ...}" }) as z.ZodType<Rule>;
}

export const conditionRuleSchema = ruleSchema(0);
