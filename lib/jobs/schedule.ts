import { newId } from "@/lib/db/ids";
import { getDb, type Tx } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import type { JobDefinition } from "./define-job";

// Recurring jobs: exactly one pending (or running) row per scheduled definition, held by a
// dedupe key; finishing a run, whether it succeeded or failed for good, inserts the next one.

export function scheduleDedupeKey(jobId: string): string {
  return `schedule:${jobId}`;
}

/** The cron nearest to `everySeconds` for Inngest, whose cron has minute granularity. */
export function everySecondsToCron(everySeconds: number): string {
  const minutes = Math.max(1, Math.round(everySeconds / 60));
  if (minutes < 60) return minutes === 1 ? "* * * * *" : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? "0 * * * *" : `0 */${hours} * * *`;
  const days = Math.round(hours / 24);
  return days === 1 ? "0 0 * * *" : `0 0 */${days} * *`;
}

function scheduledRow(definition: JobDefinition, runAt: Date) {
  return {
    id: newId("job"),
    name: definition.id,
    payload: {},
    runAt,
    maxAttempts: definition.maxAttempts,
    dedupeKey: scheduleDedupeKey(definition.id),
    createdAt: now(),
    updatedAt: now(),
  };
}

/** Inserts the next run of a scheduled job unless one is already pending or running. */
export async function scheduleNextRun(definition: JobDefinition, runAt: Date, tx?: Tx): Promise<void> {
  await (tx ?? getDb()).job.createMany({ data: [scheduledRow(definition, runAt)], skipDuplicates: true });
}

/** Makes sure every scheduled definition has a row; a new one is due at once. */
export async function ensureScheduledJobs(definitions: readonly JobDefinition[]): Promise<void> {
  const scheduled = definitions.filter((d) => d.schedule);
  if (!scheduled.length) return;
  const at = now();
  await getDb().job.createMany({ data: scheduled.map((d) => scheduledRow(d, at)), skipDuplicates: true });
}
