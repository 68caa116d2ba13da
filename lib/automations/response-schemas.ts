import { z } from "zod";
import { designSchema } from "@/lib/templates/design";
import { REENTRY_POLICIES } from "./graph/settings-schema";
import { EmailStatus } from "@/lib/generated/prisma/enums";
import { blockerSchema, idOf, jsonValue, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";
import { AUTOMATION_STATUSES, ENROLLMENT_STATUSES, TRIGGER_TYPES } from "./schemas";
import { INDUSTRIES } from "./scenarios/define-scenario";

// Documented response shapes of the automation routes (serialize-automation.ts,
// serialize-enrollment.ts, serialize-test-run.ts, step-funnel.ts, scenarios).

export const stepResponseSchema = z
  .object({
    id: idOf("stp"),
    position: z.number().int(),
    delayMinutes: z.number().int(),
    subject: z.string().nullable(),
    bodyHtml: z.string().nullable(),
    templateId: idOf("tpl").nullable(),
    design: designSchema
      .nullable()
      .meta({ description: "The visual editor's blocks bodyHtml is rendered from; null for a body written as HTML or a template." }),
  })
  .meta({ id: "AutomationStep" });

export const automationResponseSchema = z
  .object({
    id: idOf("aut"),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(AUTOMATION_STATUSES),
    triggerType: z.enum(TRIGGER_TYPES),
    triggerConfig: jsonValue.meta({
      description:
        "list_join {listName}; property_equals {property, value}; property_changed {property, from?, to?}; event {eventName}; segment_entry {segmentId}: a contact who starts to match the segment (a list's new member, or a filtered segment's), checked every minute",
    }),
    from: z.string().nullable(),
    steps: z.array(stepResponseSchema),
    journey: z.boolean().meta({
      description:
        "true: a branching graph made through /api/v1/resend/automations, which `steps` cannot hold (it is []); read and change it there.",
    }),
    stats: z.object({ active: z.number().int(), completed: z.number().int(), cancelled: z.number().int(), failed: z.number().int() }),
    goal: jsonValue.meta({
      description: "{eventName} or {rule}: an enrollment that meets it ends as converted, wherever it is; null: none.",
    }),
    reentry: z
      .enum(REENTRY_POLICIES)
      .meta({ description: "never (default): one run per contact; after_exit: again once the last ended; always." }),
    cooldown: z.string().nullable().meta({ description: 'The least time between a contact\'s runs ("7 days"); null: none.' }),
    transactional: z.boolean().meta({ description: "Exempt from the account's frequency cap." }),
    sendWindow: jsonValue.meta({
      description:
        'null, or {days, start, end, timezone}: when its emails may go ("contact": the contact\'s zone); an email due outside waits.',
    }),
    pausedReason: z
      .string()
      .nullable()
      .meta({ description: "Why Mailwright paused this automation (its sender may no longer send, say); null once activated again." }),
    firstActivatedAt: nullableTimestamp.meta({
      description: "When it was first activated; never cleared by pause. null: never activated (a draft; status is paused).",
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Automation" });

/** POST /activate: the automation plus how many existing contacts it enrolled. */
export const activateAutomationResponseSchema = automationResponseSchema
  .extend({
    enrolled: z.number().int().meta({
      description: "Contacts who already matched the trigger and were enrolled (0 without enrollExisting).",
    }),
    enrollingInBackground: z.boolean().meta({
      description: "More than ENROLL_EXISTING_INLINE_MAX matched: `enrolled` is the count matched, enrolled by a background job.",
    }),
  })
  .meta({ id: "ActivatedAutomation" });

export const matchingContactsResponseSchema = z.object({
  count: z.number().int().meta({ description: "Subscribed, unsuppressed contacts that match the trigger now and are not enrolled yet." }),
  supported: z.boolean().meta({
    description:
      "false for property_changed and event triggers: enrollExisting enrolls nobody for them. segment_entry: the segment's members not enrolled yet.",
  }),
});

export const automationChecksResponseSchema = z.object({
  blockers: z.array(blockerSchema).meta({ description: "What stops activation; POST /activate answers 400 with the same blockers." }),
  warnings: z.array(blockerSchema).meta({ description: "Worth a look, never blocking: no_unsubscribe_link, same_trigger." }),
});

export const listAutomationsResponseSchema = listOf(automationResponseSchema);

export const enrollmentResponseSchema = z
  .object({
    id: idOf("enr"),
    automationId: idOf("aut"),
    contact: z.object({ id: idOf("con"), email: z.string(), name: z.string().nullable() }),
    status: z.enum(ENROLLMENT_STATUSES),
    nextPosition: z.number().int(),
    nextStepAt: nullableTimestamp,
    listName: z.string().nullable(),
    lastError: z.string().nullable(),
    waitingFor: z
      .literal("credits")
      .nullable()
      .meta({ description: "The due step waits for the account's credits (the enrollment stays active, up to 72 h)." }),
    waitingSince: nullableTimestamp,
    enrolledAt: timestamp,
    completedAt: nullableTimestamp,
  })
  .meta({ id: "Enrollment" });

export const listEnrollmentsResponseSchema = listOf(enrollmentResponseSchema);

const testRunEmailSchema = z.object({
  id: idOf("em"),
  stepId: idOf("stp").nullable(),
  position: z.number().int().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  html: z.string().optional().meta({ description: "Left out of list items." }),
  status: z.enum(EmailStatus),
  inboxMessageId: z.string().nullable(),
  createdAt: timestamp,
  sentAt: nullableTimestamp,
});

export const testRunResponseSchema = z
  .object({
    id: idOf("enr"),
    automationId: idOf("aut"),
    status: z.enum(["running", "completed", "failed", "cancelled"]),
    contact: z.object({
      contactId: idOf("con").nullable(),
      email: z.string(),
      name: z.string().nullable(),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      note: z.string().nullable(),
    }),
    listName: z.string().nullable(),
    steps: z.array(
      z.object({
        id: idOf("stp"),
        position: z.number().int(),
        delayMinutes: z.number().int(),
        status: z.enum(["pending", "sent", "failed", "skipped"]),
        dueAt: nullableTimestamp,
        emailId: idOf("em").nullable(),
      }),
    ),
    path: z.array(z.object({ key: z.string(), type: z.string(), status: z.string(), output: jsonValue })).meta({
      description:
        "A journey's run: the steps it took in order, with each one's output (a condition's result, a split's variant, a wait's event or timedOut). Empty for a linear automation.",
    }),
    waitingFor: z
      .string()
      .nullable()
      .meta({ description: "The event a journey's run waits for now (send it with POST …/test-runs/{runId}/events); null otherwise." }),
    emails: z.array(testRunEmailSchema),
    error: z.string().nullable(),
    startedAt: timestamp,
    completedAt: nullableTimestamp,
  })
  .meta({ id: "TestRun" });

export const listTestRunsResponseSchema = listOf(testRunResponseSchema);

const funnelCounts = {
  sent: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
  rates: z.object({ delivered: z.number(), opened: z.number(), clicked: z.number(), bounced: z.number() }),
};

export const journeyStepCountsResponseSchema = z.object({
  runs: z.object({
    total: z.number().int(),
    active: z.number().int(),
    converted: z.number().int().meta({ description: "Runs that met the goal." }),
    conversionRate: z.number().meta({ description: "converted of total, 0..1." }),
  }),
  steps: z.array(
    z.object({
      key: z.string(),
      waiting: z.number().int().meta({ description: "Active runs at this step now." }),
      passed: z.number().int().meta({ description: "Runs that completed this step." }),
      paths: z.record(z.string(), z.number().int()).meta({
        description:
          "Runs per path out of a branching step: condition_met and condition_not_met, event_received and timeout, variant:<name>.",
      }),
      conversions: z
        .record(
          z.string(),
          z.object({
            converted: z.number().int().meta({ description: "Runs on this path that met the goal." }),
            conversionRate: z.number().meta({ description: "converted of the path's runs, 0..1." }),
          }),
        )
        .meta({ description: "Per path (the keys of `paths`): the goal's conversions among its runs; per variant for a split." }),
    }),
  ),
});

export const stepFunnelResponseSchema = z.object({
  automationId: idOf("aut"),
  steps: z.array(
    z.object({
      stepId: idOf("stp"),
      position: z.number().int(),
      delayMinutes: z.number().int(),
      subject: z.string().nullable(),
      templateId: idOf("tpl").nullable(),
      waiting: z.number().int(),
      ...funnelCounts,
    }),
  ),
  removedSteps: z.object(funnelCounts).nullable().meta({ description: "Emails of steps deleted since, summed; null when none." }),
});

export const scenarioResponseSchema = z
  .object({
    id: z.string(),
    industry: z.enum(INDUSTRIES),
    name: z.string(),
    description: z.string(),
    triggerType: z.enum(TRIGGER_TYPES),
    triggerConfig: jsonValue,
    goal: z
      .object({ eventName: z.string() })
      .optional()
      .meta({ description: "The event that ends an enrollment as converted (cart recovery stops at order_placed)." }),
    steps: z.array(z.object({ delayMinutes: z.number().int(), subject: z.string(), bodyHtml: z.string() })),
  })
  .meta({ id: "AutomationScenario" });

export const listScenariosResponseSchema = listOf(scenarioResponseSchema);
