import { z } from "zod";
import { parseDurationMinutes } from "./duration";
import { conditionRuleSchema, type Rule } from "./rule-schema";
import { sendWindowSchema } from "./send-window-schema";

// An automation's own settings (beside its trigger and steps): a goal that ends a run as
// converted, the re-entry policy with its cooldown, whether it is transactional (exempt from
// the frequency cap) and its send window. The SDK's journey bodies and the spec's linear
// automation bodies take the same settings, the first in snake_case (send_window), the second
// in camelCase (sendWindow).

export const REENTRY_POLICIES = ["never", "after_exit", "always"] as const;
/** A cooldown of at most a year, as a step's delay. */
const COOLDOWN_MAX_MINUTES = 525_600;

export type Goal = { eventName: string } | { rule: Rule };

const goalSchema = z
  .union([
    z.object({ event_name: z.string().trim().min(1).max(200) }).strict(),
    z.object({ eventName: z.string().trim().min(1).max(200) }).strict(),
    z.object({ rule: conditionRuleSchema }).strict(),
  ])
  .transform((g): Goal => ("rule" in g ? { rule: g.rule } : { eventName: "eventName" in g ? g.eventName : g.event_name }));

const cooldownSchema = z.unknown().transform((value, ctx) => {
  const minutes = parseDurationMinutes(value);
  if (minutes === null || minutes > COOLDOWN_MAX_MINUTES) {
    ctx.addIssue({ code: "custom", message: 'cooldown must be a duration of at most a year, such as "7 days"' });
    return z.NEVER;
  }
  return minutes;
});

const shared = {
  goal: goalSchema.nullish(),
  reentry: z.enum(REENTRY_POLICIES, { message: `reentry must be one of: ${REENTRY_POLICIES.join(", ")}` }).optional(),
  cooldown: cooldownSchema.optional(),
  transactional: z.boolean({ message: "transactional must be true or false" }).optional(),
};

/** The settings in the SDK's journey bodies (snake_case). */
export const journeySettingsFields = { ...shared, send_window: sendWindowSchema.nullish() };

/**
 * The settings in the spec's automation bodies (camelCase). A linear automation's goal is an
 * event: its steps are sent without the journey engine's check of a rule before each one.
 */
export const automationSettingsFields = {
  ...shared,
  goal: z
    .object(
      { eventName: z.string({ message: "goal.eventName must be a string" }).trim().min(1).max(200) },
      { message: 'goal must be {"eventName": "<event>"} (a rule goal needs a journey, /api/v1/resend/automations)' },
    )
    .strict()
    .nullish(),
  sendWindow: sendWindowSchema.nullish(),
};
