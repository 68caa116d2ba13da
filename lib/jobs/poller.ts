import { getEnv } from "@/lib/config/env";
import { onClockChange, syncClock } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import { inngestEnabled } from "@/lib/config/env";
import { announcePendingJobs } from "./announce-pending-jobs";
import { anyDueJobs, claimDueJobs, newWorkerId } from "./claim-jobs";
import { indexJobDefinitions, type RunnableJob } from "./define-job";
import { executeClaimedBatch, executeClaimedJob } from "./execute-job";
import type { Job } from "@/lib/generated/prisma/client";
import type { JobOutcome } from "./finish-job";
import { listenForJobs } from "./listen-for-jobs";
import { setPollerWake } from "./poller-wake";
import { releaseHeldJobs } from "./release-held-jobs";
import { ensureScheduledJobs } from "./schedule";

// The embedded driver (DESIGN section 1): every JOB_POLL_INTERVAL_MS it claims due Job rows
// and runs up to JOB_CONCURRENCY handlers at once. Several pollers may share one database.
// It runs the jobs it is given, bound to their handlers: the worker and the cron sweep give it
// every registered job (lib/jobs/handlers.ts), a test its own few.

export interface PollerOptions {
  /** The jobs this poller runs. Rows of other names are left alone. */
  jobs: readonly RunnableJob[];
  pollIntervalMs?: number;
  concurrency?: number;
  lockSeconds?: number;
  workerId?: string;
  /** Claim pending rows only this long after they are due (when Inngest runs them first). */
  graceMs?: number;
  /** Keep one row per scheduled definition (default true; false when Inngest crons run them). */
  schedules?: boolean;
  /** At most this many rows per batch (default each batch definition's `batch.size`). */
  batchSize?: number;
}

const SCHEDULE_CHECK_MS = 60_000;

function resolve(options: PollerOptions) {
  const env = getEnv();
  const { jobs } = options;
  return {
    jobs,
    byId: indexJobDefinitions(jobs),
    pollIntervalMs: options.pollIntervalMs ?? env.JOB_POLL_INTERVAL_MS,
    concurrency: options.concurrency ?? env.JOB_CONCURRENCY,
    lockSeconds: options.lockSeconds ?? env.JOB_LOCK_SECONDS,
    workerId: options.workerId ?? newWorkerId(),
    graceMs: options.graceMs ?? 0,
    schedules: options.schedules ?? true,
    batched: jobs.filter((d) => d.batch),
    batchSize: options.batchSize ?? Infinity,
    single: jobs.filter((d) => !d.batch).map((d) => d.id),
  };
}

type Resolved = ReturnType<typeof resolve>;

/**
 * Claims up to `limit` due rows of `names` and starts them: each row on its own, except rows of
 * a batch definition, which start together as one run. Resolves to the started runs.
 * `held` holds the ids of the rows this process runs, from their claim until their run ends:
 * they are not claimed again even when their locks lapse (see claimDueJobsSql).
 */
function claimAndStart(config: Resolved, limit: number, names: string[] = [...config.byId.keys()], held?: Set<string>) {
  return claimDueJobs({
    limit,
    names,
    workerId: config.workerId,
    lockSeconds: config.lockSeconds,
    graceMs: config.graceMs,
    held,
  }).then((rows) => {
    if (held) for (const row of rows) held.add(row.id);
    const release = (batch: Job[]) => () => {
      if (held) for (const row of batch) held.delete(row.id);
    };
    const options = { ...config, driver: "poller" as const };
    const batches = new Map<RunnableJob, Job[]>();
    const runs: Promise<JobOutcome[]>[] = [];
    for (const row of rows) {
      const job = config.byId.get(row.name)!;
      if (job.batch) {
        const batch = batches.get(job);
        if (batch) batch.push(row);
        else batches.set(job, [row]);
      } else
        runs.push(
          executeClaimedJob(row, job, options)
            .then((outcome) => [outcome], recordFailed([row]))
            .finally(release([row])),
        );
    }
    for (const [job, batch] of batches)
      runs.push(executeClaimedBatch(batch, job, options).catch(recordFailed(batch)).finally(release(batch)));
    return { runs, claimed: rows.length };
  });
}

// Only the database failing while recording an outcome gets here; the lock expires and another
// pass retries the rows (they leave `held` as the run ends).
const recordFailed =
  (rows: Job[]) =>
  (error: unknown): JobOutcome[] => {
    logger().error({ err: error, jobIds: rows.map((r) => r.id) }, "could not record a job's outcome");
    return [];
  };

/** One pass, awaited to the end: sync the clock, arm schedules, claim due rows and run them. */
export async function runDueJobsOnce(options: PollerOptions & { limit?: number }): Promise<JobOutcome[]> {
  const config = resolve(options);
  await syncClock();
  if (config.schedules) await ensureScheduledJobs(config.jobs);
  if (inngestEnabled()) await announcePendingJobs();
  const { runs } = await claimAndStart(config, options.limit ?? config.concurrency);
  return (await Promise.all(runs)).flat();
}

interface PollerState {
  config: Resolved;
  stopping: boolean;
  timer?: NodeJS.Timeout;
  ticking: Promise<void> | null;
  again: boolean;
  running: Set<Promise<unknown>>;
  /** Ids of the rows the running runs hold (claimAndStart). */
  held: Set<string>;
  /** Runs in `running` that are batches, per batch definition. */
  batches: Map<string, number>;
  /** Batch definitions whose last claim came back empty: probed (anyDueJobs) before claiming again. */
  idle: Set<string>;
  schedulesCheckedAt: number;
  unsubscribe: () => void;
  stopListening: () => Promise<void>;
}

// On globalThis: the launcher and the Next bundles in one process must not start two pollers.
const g = globalThis as unknown as { __mailwrightPoller?: PollerState };

function tick(state: PollerState) {
  if (state.stopping) return;
  clearTimeout(state.timer);
  if (state.ticking) {
    state.again = true;
    return;
  }
  const { config } = state;
  state.ticking = (async () => {
    await syncClock();
    if (config.schedules && Date.now() - state.schedulesCheckedAt >= SCHEDULE_CHECK_MS) {
      await ensureScheduledJobs(config.jobs);
      state.schedulesCheckedAt = Date.now();
    }
    // Inngest mode: the sweeper first announces jobs committed since its last pass (the outbox).
    if (inngestEnabled()) await announcePendingJobs();
    const start = (runs: Promise<unknown>[], batch?: string) => {
      for (const run of runs) {
        state.running.add(run);
        if (batch) state.batches.set(batch, (state.batches.get(batch) ?? 0) + 1);
        // A freed slot looks for more work at once.
        void run.finally(() => {
          state.running.delete(run);
          if (batch) state.batches.set(batch, state.batches.get(batch)! - 1);
          tick(state);
        });
      }
    };
    // Batch definitions first: one slot takes up to `batch.size` of their due rows, each
    // definition on at most a quarter of the slots: more batches at once only contend in the
    // database (measured), one definition's backlog (100,000 due automation steps) leaves the
    // others' batches (deliveries) their slots, and single jobs keep the rest.
    // A definition may ask for more (the automation engine's two: while one batch waits on
    // PostgreSQL the other renders its emails), still within JOB_CONCURRENCY.
    const quarter = Math.max(1, Math.floor(config.concurrency / 4));
    for (const definition of config.batched) {
      const batchSlots = Math.max(quarter, definition.batch!.slots ?? 1);
      while (config.concurrency - state.running.size > 0 && (state.batches.get(definition.id) ?? 0) < batchSlots) {
        const size = Math.min(definition.batch!.size, config.batchSize);
        // A definition with nothing due at its last claim (the engine's advance while its
        // sends run: most ticks, each freed send slot ticks) is probed first: the claim is
        // planned anew on every run and walks the accounts, the probe reads an index.
        if (state.idle.has(definition.id) && !(await anyDueJobs({ names: [definition.id], graceMs: config.graceMs, held: state.held })))
          break;
        const { runs, claimed } = await claimAndStart(config, size, [definition.id], state.held);
        start(runs, definition.id);
        if (claimed === 0) state.idle.add(definition.id);
        else state.idle.delete(definition.id);
        if (claimed < size) break;
        // A full batch means more may be due right now.
        state.again = true;
      }
    }
    const free = config.concurrency - state.running.size;
    if (free <= 0 || !config.single.length) return;
    const { runs, claimed } = await claimAndStart(config, free, config.single, state.held);
    start(runs);
    if (claimed === free) state.again = true;
  })()
    .catch((error) => logger().error({ err: error }, "job poll failed"))
    .finally(() => {
      state.ticking = null;
      if (state.stopping) return;
      if (state.again) {
        state.again = false;
        setImmediate(() => tick(state));
      } else {
        state.timer = setTimeout(() => tick(state), config.pollIntervalMs);
      }
    });
}

/** Starts this process's poller (once; later calls return the running one's worker id). */
export function startPoller(options: PollerOptions): string {
  if (g.__mailwrightPoller) return g.__mailwrightPoller.config.workerId;
  const state: PollerState = {
    config: resolve(options),
    stopping: false,
    ticking: null,
    again: false,
    running: new Set(),
    held: new Set(),
    batches: new Map(),
    idle: new Set(),
    schedulesCheckedAt: 0,
    unsubscribe: () => {},
    stopListening: async () => {},
  };
  g.__mailwrightPoller = state;
  state.unsubscribe = onClockChange(() => tick(state));
  setPollerWake(() => tick(state));
  // Jobs enqueued by other processes (the web process) wake it through PostgreSQL.
  state.stopListening = listenForJobs(() => tick(state));
  logger().info({ workerId: state.config.workerId, jobs: [...state.config.byId.keys()] }, "job poller started");
  tick(state);
  return state.config.workerId;
}

/**
 * Stops claiming, then waits for running handlers (up to `timeoutMs`, default the lock time);
 * rows still running after that are released (pending, unlocked) for the next worker.
 */
export async function stopPoller(options: { timeoutMs?: number } = {}): Promise<void> {
  const state = g.__mailwrightPoller;
  if (!state) return;
  state.stopping = true;
  clearTimeout(state.timer);
  state.unsubscribe();
  setPollerWake(undefined);
  await state.stopListening();
  await state.ticking;
  const timeoutMs = options.timeoutMs ?? state.config.lockSeconds * 1000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(true), timeoutMs);
  });
  const late = await Promise.race([Promise.allSettled([...state.running]).then(() => false), timedOut]);
  clearTimeout(timer);
  if (late) {
    const released = await releaseHeldJobs(state.config.workerId).catch((error: unknown) => {
      // The database is gone too: the rows' locks expire and another worker takes them then.
      logger().warn({ err: error }, "could not release held jobs");
      return 0;
    });
    logger().warn({ running: state.running.size, released }, "job poller stopped with handlers still running; their rows were released");
  }
  g.__mailwrightPoller = undefined;
  logger().info({ workerId: state.config.workerId }, "job poller stopped");
}

export function pollerRunning(): boolean {
  return Boolean(g.__mailwrightPoller);
}
