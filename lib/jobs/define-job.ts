import type { Logger } from "pino";
import type { z } from "zod";
import type { Backoff } from "./backoff";

// A job is a definition (dotted id, zod payload, handler, optional schedule) that both drivers
// run: the embedded poller over Job rows and the Inngest functions (Documenso/Dub style).

export interface JobContext {
  /** The Job row being run; null when Inngest runs a cron trigger directly. */
  jobId: string | null;
  /** 1 on the first try. Work is at-least-once: a handler must be safe to run again. */
  attempt: number;
  maxAttempts: number;
  driver: "poller" | "inngest";
  log: Logger;
}

export interface JobSchedule {
  /** Run again this long after each run finishes (Inngest: the nearest cron, at least 1 min). */
  everySeconds: number;
}

export interface JobDefinition<TPayload extends z.ZodType = z.ZodType> {
  id: string;
  payload: TPayload;
  // Method syntax on purpose: a definition for a specific payload must fit a list of any.
  handler(payload: z.output<TPayload>, ctx: JobContext): Promise<unknown>;
  schedule?: JobSchedule;
  /**
   * Runs when the job fails for good (its last attempt failed, or a PermanentJobError), before
   * the row is marked failed: a crash in between runs it again, so it must be idempotent. It
   * leaves the job's records in a final state (an email `failed`, not `sending` forever).
   */
  onExhausted?(payload: z.output<TPayload>, info: { error: string }): Promise<void>;
  maxAttempts: number;
  backoff?: Backoff;
  /**
   * Runs many claimed rows at once (the poller takes up to `size` due rows of this job into one
   * slot); `handler` still runs a single row (Inngest). Returns one entry per item, in order:
   * undefined when that row's work is done, else the error its row is finished with (retry or
   * fail, as a throw from `handler` would be). A throw fails every item of the batch.
   */
  batch?: JobBatch<z.output<TPayload>>;
}

export interface JobBatch<TPayload> {
  size: number;
  /**
   * Batches of this job the poller runs at once, at least (default 1; a quarter of
   * JOB_CONCURRENCY when that is more): two let one batch's database round trips overlap the
   * other's work in this process.
   */
  slots?: number;
  // Method syntax on purpose, as `handler`.
  run(items: { payload: TPayload; ctx: JobContext }[]): Promise<unknown[]>;
}

export type JobDefinitionInput<TPayload extends z.ZodType> = Omit<JobDefinition<TPayload>, "maxAttempts"> & {
  maxAttempts?: number;
};

export type JobPayload<TJob> = TJob extends JobDefinition<infer P> ? z.input<P> : never;

export const DEFAULT_MAX_ATTEMPTS = 10;
const ID_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/**
 * Declares a job. Throws at import time on a malformed definition so a bad id or schedule is
 * found by the first test that loads it, not by the first run.
 *
 * To keep import cycles out (a domain module enqueues its own job), a handler may load its
 * implementation lazily: `handler: async (p, ctx) => (await import("./run")).run(p, ctx)`.
 */
export function defineJob<TPayload extends z.ZodType>(input: JobDefinitionInput<TPayload>): JobDefinition<TPayload> {
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!ID_PATTERN.test(input.id)) {
    throw new Error(`job id "${input.id}" must be dotted lower-case words, like "maintenance.purge"`);
  }
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 50) {
    throw new Error(`job ${input.id}: maxAttempts must be an integer from 1 to 50`);
  }
  if (typeof input.handler !== "function") throw new Error(`job ${input.id}: handler must be a function`);
  if (input.onExhausted !== undefined && typeof input.onExhausted !== "function") {
    throw new Error(`job ${input.id}: onExhausted must be a function`);
  }
  if (input.batch && (!Number.isInteger(input.batch.size) || input.batch.size < 1 || input.batch.size > 1000)) {
    throw new Error(`job ${input.id}: batch.size must be an integer from 1 to 1000`);
  }
  if (input.batch?.slots !== undefined && (!Number.isInteger(input.batch.slots) || input.batch.slots < 1 || input.batch.slots > 16)) {
    throw new Error(`job ${input.id}: batch.slots must be an integer from 1 to 16`);
  }
  if (input.batch && input.schedule) throw new Error(`job ${input.id}: a scheduled job cannot run in batches`);
  if (input.schedule) {
    const every = input.schedule.everySeconds;
    if (!Number.isInteger(every) || every < 1) {
      throw new Error(`job ${input.id}: schedule.everySeconds must be a positive integer`);
    }
    // A scheduled run has no caller to supply a payload.
    if (!input.payload.safeParse({}).success) {
      throw new Error(`job ${input.id}: a scheduled job's payload schema must accept {}`);
    }
  }
  return { ...input, maxAttempts };
}

/** Indexes definitions by id, refusing duplicates. */
export function indexJobDefinitions(definitions: readonly JobDefinition[]): Map<string, JobDefinition> {
  const byId = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byId.has(definition.id)) throw new Error(`job ${definition.id} is defined twice`);
    byId.set(definition.id, definition);
  }
  return byId;
}
