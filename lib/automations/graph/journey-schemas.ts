import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { addressSchema } from "@/lib/emails/addresses";
import { CONNECTION_TYPES, MAX_CANVAS_COORDINATE, type Graph, type StepType } from "./graph-types";
import { journeySettingsFields } from "./settings-schema";
import { configFromWire } from "./wire-config";
import { MAX_GRAPH_STEPS } from "./validate-graph";

// Request bodies of the `resend` SDK's automation calls, as the SDK sends them (snake_case
// step configs, status enabled | disabled), plus Mailwright's automation-level settings. The
// graph itself is checked by validateGraph, which names the step key of every problem.

export const SDK_AUTOMATION_STATUSES = ["enabled", "disabled"] as const;

const coordinate = z
  .number({ message: "must be a number" })
  .min(-MAX_CANVAS_COORDINATE, `at least -${MAX_CANVAS_COORDINATE}`)
  .max(MAX_CANVAS_COORDINATE, `at most ${MAX_CANVAS_COORDINATE}`);

/** Where the dashboard's canvas draws a step: Mailwright's addition to the SDK's step, ignored by the engine. */
export const stepPositionSchema = z.object({ x: coordinate, y: coordinate }, { message: "position must be {x, y}" }).strict();

const stepSchema = z
  .object({
    key: z.string({ message: "key must be a string" }),
    type: z.string({ message: "type must be a string" }),
    config: z.record(z.string(), z.unknown()).optional(),
    position: stepPositionSchema.optional(),
  })
  .transform((s) => ({
    key: s.key,
    type: s.type as StepType,
    config: configFromWire(s.type, s.config ?? {}),
    ...(s.position ? { position: s.position } : {}),
  }));

const connectionSchema = z
  .object({
    from: z.string({ message: "from must be a step key" }),
    to: z.string({ message: "to must be a step key" }),
    type: z.enum(CONNECTION_TYPES, { message: `type must be one of: ${CONNECTION_TYPES.join(", ")}` }).optional(),
    variant: z.string().max(100).optional(),
  })
  .transform((c) => ({ from: c.from, to: c.to, type: c.type ?? "default", ...(c.variant !== undefined ? { variant: c.variant } : {}) }));

/** Automation-level settings, in create and update bodies alike. */
const settings = { ...journeySettingsFields, from: addressSchema.nullish() };

const name = z.string({ message: "name must be a string" }).trim().min(1, "name is required").max(200);
const status = z.enum(SDK_AUTOMATION_STATUSES, { message: "status must be enabled or disabled" });
const steps = z.array(stepSchema, { message: "steps must be an array" }).max(MAX_GRAPH_STEPS, `at most ${MAX_GRAPH_STEPS} steps`);
const connections = z.array(connectionSchema, { message: "connections must be an array" }).max(MAX_GRAPH_STEPS * 10);

export const createJourneyBodySchema = z.object({ name, status: status.optional(), steps, connections, ...settings }).strict();

export const updateJourneyBodySchema = z
  .object({ name: name.optional(), status: status.optional(), steps: steps.optional(), connections: connections.optional(), ...settings })
  .strict()
  .refine((b) => (b.steps === undefined) === (b.connections === undefined), {
    message: "send steps and connections together",
    path: ["connections"],
  });

export const listJourneysQuerySchema = paginationQuerySchema.extend({ status: status.optional() });

export const RUN_STATUSES = ["running", "completed", "failed", "cancelled"] as const;
export const listRunsQuerySchema = paginationQuerySchema.extend({
  status: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(z.enum(RUN_STATUSES, { message: `status must be one or more of: ${RUN_STATUSES.join(", ")}` })))
    .optional(),
});

export type CreateJourneyBody = z.infer<typeof createJourneyBodySchema>;
export type UpdateJourneyBody = z.infer<typeof updateJourneyBodySchema>;
export type ListJourneysQuery = z.infer<typeof listJourneysQuerySchema>;
export type ListRunsQuery = z.infer<typeof listRunsQuerySchema>;
export type JourneySettings = Pick<CreateJourneyBody, "goal" | "reentry" | "cooldown" | "transactional" | "from" | "send_window">;
export type GraphInput = Graph;
