import type { Logger } from "pino";
import type { z } from "zod";
import type { Backoff } from "./backoff";

// A job has two halves. Its definition (`defineJob` in a feature's `*-job.ts`) is the
// contract: a dotted id, the zod payload, attempts, backoff, batching and schedule. Any module
// may import a definition to enqueue its job (enqueueJob takes the definition, and its payload
// type comes from the schema), because a definition imports nothing of the code that runs it.
// The handler (`run`, `runBatch`, `onExhausted`) is bound to the definition in one table,
// lib/jobs/handlers.ts, which only the entries that run jobs import: the worker, the cron
// sweep and the Inngest functions. Both drivers run a bound job (a RunnableJob): the embedded
// poller over Job rows and the Inngest functions (Documenso/Dub style).

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

export interface JobBatch {
  /** Claimed rows of this job the poller runs in one `runBatch` call, at most. */
  size: number;
  /**
   * Batches of this job the poller runs at once, at least (default 1; a quarter of
   * JOB_CONCURRENCY when that is more): two let one batch's database round trips overlap the
   * other's work in this process.
   */
  slots?: number;
}

export interface JobDefinition<TId extends string = string, TPayload extends z.ZodType = z.ZodType> {
  id: TId;
  payload: TPayload;
  schedule?: JobSchedule;
  maxAttempts: number;
  backoff?: Backoff;
  /**
   * The poller takes up to `size` due rows of this job into one slot and runs them with the
   * handler's `runBatch` (which a batch job must have); `run` still runs a single row (Inngest).
   */
  batch?: JobBatch;
}

export type JobDefinitionInput<TId extends string, TPayload extends z.ZodType> = Omit<JobDefinition<TId, TPayload>, "maxAttempts"> & {
  maxAttempts?: number;
};

/** What enqueueJob accepts for a job: its schema's input. */
export type JobPayload<TJob extends JobDefinition> = z.input<TJob["payload"]>;

export interface JobItem<TPayload> {
  payload: TPayload;
  ctx: JobContext;
}

// Method syntax on purpose: a handler for a specific payload must fit a list of any.
export interface JobHandler<TPayload = unknown> {
  /** Runs one row (a throw retries it with the definition's backoff, or fails it for good). */
  run(payload: TPayload, ctx: JobContext): Promise<unknown>;
  /**
   * Runs many claimed rows at once (a batch definition's, on the poller). Returns one entry
   * per item, in order: undefined when that row's work is done, else the error its row is
   * finished with (retry or fail, as a throw from `run` would be). A throw fails every item.
   */
  runBatch?(items: JobItem<TPayload>[]): Promise<unknown[]>;
  /**
   * Runs when the job fails for good (its last attempt failed, or a PermanentJobError), before
   * the row is marked failed: a crash in between runs it again, so it must be idempotent. It
   * leaves the job's records in a final state (an email `failed`, not `sending` forever).
   */
  onExhausted?(payload: TPayload, info: { error: string }): Promise<void>;
}

/** The handler a definition needs: typed by its payload schema; `runBatch` iff it batches. */
export type HandlerFor<TJob extends JobDefinition> = JobHandler<z.output<TJob["payload"]>> &
  (TJob extends { batch: JobBatch } ? { runBatch(items: JobItem<z.output<TJob["payload"]>>[]): Promise<unknown[]> } : { runBatch?: never });

/** A definition bound to its handler: what the drivers run. */
export type RunnableJob<TJob extends JobDefinition = JobDefinition> = TJob & JobHandler<z.output<TJob["payload"]>>;

/** The handlers of a list of definitions, keyed by id: one for each, none missing or extra. */
export type JobHandlers<TJobs extends readonly JobDefinition[]> = {
  [TJob in TJobs[number] as TJob["id"]]: HandlerFor<TJob>;
};

/** What defineJob returns: whether the job batches is part of its type (HandlerFor reads it). */
export type DefinedJob<TId extends string, TPayload extends z.ZodType, TBatch extends JobBatch | undefined> = JobDefinition<TId, TPayload> &
  (TBatch extends JobBatch ? { batch: TBatch } : { batch?: undefined });

export const DEFAULT_MAX_ATTEMPTS = 10;
const ID_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/**
 * Declares a job's contract. Throws at import time on a malformed definition so a bad id or
 * schedule is found by the first test that loads it, not by the first run. The id stays a
 * literal type, so the handlers table is checked against it.
 */
export function defineJob<const TId extends string, TPayload extends z.ZodType, const TBatch extends JobBatch | undefined = undefined>(
  input: JobDefinitionInput<TId, TPayload> & { batch?: TBatch },
): DefinedJob<TId, TPayload, TBatch> {
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!ID_PATTERN.test(input.id)) {
    throw new Error(`job id "${input.id}" must be dotted lower-case words, like "maintenance.purge"`);
  }
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 50) {
    throw new Error(`job ${input.id}: maxAttempts must be an integer from 1 to 50`);
  }
  if ("handler" in input || "run" in input) {
    throw new Error(`job ${input.id}: a definition has no handler; bind it in lib/jobs/handlers.ts`);
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
  return { ...input, maxAttempts } as DefinedJob<TId, TPayload, TBatch>;
}

/**
 * Binds a definition to its handler. Throws on a handler that does not fit (as the types
 * refuse it): no `run`, no `runBatch` for a batch definition, or one for a definition that
 * does not batch.
 */
export function bindJob<TJob extends JobDefinition>(definition: TJob, handler: HandlerFor<TJob>): RunnableJob<TJob> {
  const h = handler as JobHandler<z.output<TJob["payload"]>>;
  if (typeof h.run !== "function") throw new Error(`job ${definition.id}: run must be a function`);
  if (definition.batch && typeof h.runBatch !== "function") throw new Error(`job ${definition.id}: a batch job needs runBatch`);
  if (!definition.batch && h.runBatch !== undefined) throw new Error(`job ${definition.id}: runBatch needs batch in the definition`);
  if (h.onExhausted !== undefined && typeof h.onExhausted !== "function") {
    throw new Error(`job ${definition.id}: onExhausted must be a function`);
  }
  return { ...definition, run: h.run, runBatch: h.runBatch, onExhausted: h.onExhausted };
}

/** Binds every definition of a list to its handler in `handlers` (keyed by id). */
export function bindJobs<const TJobs extends readonly JobDefinition[]>(
  definitions: TJobs,
  handlers: NoInfer<JobHandlers<TJobs>>,
): RunnableJob[] {
  const table = handlers as Record<string, JobHandler>;
  for (const id of Object.keys(table)) {
    if (!definitions.some((d) => d.id === id)) throw new Error(`a handler for job "${id}", which is not defined`);
  }
  indexJobDefinitions(definitions);
  return definitions.map((definition) => {
    const handler = table[definition.id];
    if (!handler) throw new Error(`job ${definition.id} has no handler`);
    return bindJob(definition, handler as HandlerFor<JobDefinition>);
  });
}

/** Indexes definitions by id, refusing duplicates. */
export function indexJobDefinitions<TJob extends JobDefinition>(definitions: readonly TJob[]): Map<string, TJob> {
  const byId = new Map<string, TJob>();
  for (const definition of definitions) {
    if (byId.has(definition.id)) throw new Error(`job ${definition.id} is defined twice`);
    byId.set(definition.id, definition);
  }
  return byId;
}
