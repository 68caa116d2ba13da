import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { inngestEnabled } from "@/lib/config/env";
import type { JobDefinition, JobPayload } from "./define-job";
import { sendInngestEvent } from "./inngest-client";
import { insertJobsSql, type JobRowToInsert } from "./insert-jobs-sql";
import { wakePoller } from "./poller-wake";

/** A new Job row without a dedupe key. */
export type NewJobRow = Omit<JobRowToInsert, "dedupeKey">;

/**
 * New Job rows of one kind, payloads validated, for a caller that writes them in its own
 * statement (the accept path). Call `announceJobs` once they are stored.
 */
export function buildJobRows<TJob extends JobDefinition>(
  definition: TJob,
  items: { payload: JobPayload<TJob>; runAt?: Date }[],
  options: { accountId?: string | null } = {},
): NewJobRow[] {
  if (!items.length) return [];
  const at = now();
  return items.map((item) => ({
    id: newId("job"),
    name: definition.id,
    accountId: options.accountId ?? null,
    payload: definition.payload.parse(item.payload) as object,
    runAt: item.runAt ?? at,
    maxAttempts: definition.maxAttempts,
    createdAt: at,
    updatedAt: at,
  }));
}

/**
 * After job rows are stored (committed): wakes a poller for the due ones and, in Inngest mode,
 * sends one event per row; rows whose event failed to send stay unannounced for the sweeper's
 * drain (announcePendingJobs).
 */
export async function announceJobs(rows: NewJobRow[]) {
  // Stored outside a transaction (the accept path): a poller picks the due ones up now.
  if (rows.some((r) => r.runAt <= r.updatedAt)) wakePoller();
  if (!inngestEnabled() || !rows.length) return;
  const sent: string[] = [];
  for (const row of rows) if (await sendInngestEvent(row)) sent.push(row.id);
  if (sent.length) await getDb().job.updateMany({ where: { id: { in: sent } }, data: { announcedAt: now() } });
}

/**
 * Many new jobs of one kind in one INSERT (a page of enrollments of an enrollExisting
 * activation, the runs a group of events resumed). An item with a dedupe key that is already
 * waiting is not added: the job holding the key runs instead, as enqueueJob's dedupe does.
 * Returns the ids of the jobs added.
 */
export async function enqueueJobs<TJob extends JobDefinition>(
  definition: TJob,
  items: { payload: JobPayload<TJob>; runAt?: Date; dedupeKey?: string }[],
  options: { tx?: Tx; accountId?: string | null } = {},
) {
  let rows = buildJobRows(definition, items, options);
  if (!rows.length) return [];
  const added = new Set(
    await insertJobsSql(
      options.tx ?? getDb(),
      rows.map((row, i) => ({ ...row, dedupeKey: items[i].dedupeKey ?? null })),
    ),
  );
  rows = rows.filter((row) => added.has(row.id));
  // Inside a transaction the rows are not committed yet: the sweeper's drain announces them.
  if (!options.tx) await announceJobs(rows);
  return rows.map((r) => r.id);
}
