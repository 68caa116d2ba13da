import { z } from "zod";
import { idOf, jsonValue, nullableTimestamp, timestamp } from "@/lib/openapi/common";
import { CONNECTION_TYPES, STEP_TYPES } from "../graph/graph-types";
import { RUN_STATUSES, SDK_AUTOMATION_STATUSES } from "../graph/journey-schemas";
import { REENTRY_POLICIES } from "../graph/settings-schema";
import { WEEKDAYS } from "../graph/send-window-schema";

// Documented response shapes of the `resend` SDK's automation calls (serialize-journey.ts,
// serialize-run.ts), served under /api/v1/resend.

const sdkStatus = z.enum(SDK_AUTOMATION_STATUSES).meta({ description: "enabled: active (enrolling); disabled: paused." });

export const journeyItemSchema = z
  .object({ id: idOf("aut"), name: z.string(), status: sdkStatus, created_at: timestamp, updated_at: nullableTimestamp })
  .meta({ id: "JourneyItem" });

export const journeySchema = journeyItemSchema
  .extend({
    object: z.literal("automation"),
    steps: z.array(
      z.object({
        key: z.string(),
        type: z.enum(STEP_TYPES),
        config: z.record(z.string(), jsonValue),
        position: z
          .object({ x: z.number(), y: z.number() })
          .optional()
          .meta({ description: "Where the dashboard's canvas draws the step (top-left corner); absent: laid out automatically." }),
      }),
    ),
    connections: z.array(z.object({ from: z.string(), to: z.string(), type: z.enum(CONNECTION_TYPES), variant: z.string().optional() })),
    goal: jsonValue.meta({ description: "{event_name} or {rule}: a run that meets it ends as converted, wherever it is; null: none." }),
    reentry: z.enum(REENTRY_POLICIES),
    cooldown: z.string().nullable(),
    transactional: z.boolean(),
    from: z.string().nullable(),
    send_window: z
      .object({ days: z.array(z.enum(WEEKDAYS)), start: z.string(), end: z.string(), timezone: z.string() })
      .nullable()
      .meta({
        description:
          'When its emails may go: days, start and end ("HH:MM", end excluded) in `timezone` ("contact": the contact\'s `timezone` property, else the account\'s, else UTC). An email due outside waits for the next opening.',
      }),
  })
  .meta({ id: "Journey" });

export const journeyRefSchema = z.object({ object: z.literal("automation"), id: idOf("aut") });
export const removedJourneySchema = journeyRefSchema.extend({ deleted: z.literal(true) });
export const stoppedJourneySchema = journeyRefSchema.extend({ status: z.literal("disabled") });

const sdkList = <T extends z.ZodType>(item: T) => z.object({ object: z.literal("list"), data: z.array(item), has_more: z.boolean() });
export const listJourneysResponseSchema = sdkList(journeyItemSchema);

export const runItemSchema = z
  .object({
    id: idOf("enr"),
    status: z.enum(RUN_STATUSES),
    started_at: nullableTimestamp,
    completed_at: nullableTimestamp,
    created_at: timestamp,
  })
  .meta({ id: "JourneyRunItem" });

export const runSchema = runItemSchema
  .extend({
    object: z.literal("automation_run"),
    contact_id: z.string().nullable(),
    outcome: z.string().nullable().meta({ description: "converted (the goal), an exit's reason, contact_deleted, or null." }),
    steps: z.array(
      z.object({
        key: z.string(),
        type: z.string(),
        status: z.enum(["pending", "running", "waiting", "completed", "skipped", "failed"]),
        output: z.record(z.string(), jsonValue).nullable(),
        error: z.record(z.string(), jsonValue).nullable(),
        started_at: nullableTimestamp,
        completed_at: nullableTimestamp,
        created_at: timestamp,
      }),
    ),
  })
  .meta({ id: "JourneyRun" });

export const listRunsResponseSchema = sdkList(runItemSchema);
