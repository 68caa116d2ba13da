import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { inngestEnabled } from "@/lib/config/env";
import type { Job } from "@/lib/generated/prisma/client";
import type { JobDefinition, JobPayload } from "./define-job";
import { sendInngestEvent } from "./inngest-client";
import { insertJobsSql } from "./insert-jobs-sql";
import { wakePoller } from "./poller-wake";

export interface EnqueueOptions {
  /** When it becomes due (default now()). */
  runAt?: Date;
  /**
   * At most one pending or running job per key: enqueueing a key that is already waiting
   * returns that job instead (created: false). Finished jobs release their key.
   */
  dedupeKey?: string;
  /**
   * Insert inside the caller's transaction, so the job exists exactly when the caller's rows do.
   * In Inngest mode its event is not sent from inside the transaction (a slow Inngest would hold
   * the caller's locks, and a rollback could not take the event back): the sweeper's drain
   * (announcePendingJobs) sends it once the row is committed.
   */
  tx?: Tx;
  /** The account the work is for: the claim shares the worker's slots fairly between accounts. */
  accountId?: string | null;
}

export interface EnqueuedJob {
  job: Job;
  created: boolean;
}

/**
 * Records a job to run (DESIGN section 1: state lives in rows). Takes the job's definition (a
 * contract: importing it loads none of the code that runs the job), so the payload is typed by
 * its schema; it is validated now too, so a bad one fails the caller, not the job.
 */
export async function enqueueJob<TJob extends JobDefinition>(
  definition: TJob,
  payload: JobPayload<TJob>,
  options: EnqueueOptions = {},
): Promise<EnqueuedJob> {
  const data = definition.payload.parse(payload) as object;
  const db = options.tx ?? getDb();
  const at = now();
  const row = {
    id: newId("job"),
    name: definition.id,
    accountId: options.accountId ?? null,
    payload: data,
    runAt: options.runAt ?? at,
    maxAttempts: definition.maxAttempts,
    dedupeKey: options.dedupeKey ?? null,
    createdAt: at,
    updatedAt: at,
  };

  let saved: Job;
  if (options.dedupeKey) {
    // ON CONFLICT DO NOTHING, not a caught unique error: an error would abort the caller's tx.
    await insertJobsSql(db, [row]);
    const found = await db.job.findUnique({ where: { dedupeKey: options.dedupeKey } });
    // Null only if the holder finished between the two statements: the key is free again.
    saved = found ?? (await db.job.create({ data: row }));
  } else {
    saved = await db.job.create({ data: row });
  }
  const created = saved.id === row.id;
  if (created) {
    // Inside a transaction: announced after the commit by the sweeper's drain.
    if (inngestEnabled() && !options.tx && (await sendInngestEvent(saved))) {
      await getDb().job.updateMany({ where: { id: saved.id }, data: { announcedAt: now() } });
    }
    if (!options.tx && saved.runAt.getTime() <= now().getTime()) wakePoller();
  }
  return { job: saved, created };
}
