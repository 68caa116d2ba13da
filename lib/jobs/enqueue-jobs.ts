import type { Tx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { inngestEnabled } from "@/lib/config/env";
import type { Job } from "@/lib/generated/prisma/client";
import { resolveDefinition, sendInngestEvent } from "./enqueue-job";
import { wakePoller } from "./poller-wake";

/**
 * Many new jobs of one kind in one INSERT (a batch of emails enqueues 100 deliveries). No
 * dedupe keys: for work that cannot already be queued, such as rows the caller just created.
 */
export async function enqueueJobs(job: string, items: { payload: unknown; runAt?: Date }[], options: { tx?: Tx } = {}) {
  if (!items.length) return [];
  const definition = await resolveDefinition(job);
  const at = now();
  const rows = items.map((item) => ({
    id: newId("job"),
    name: definition.id,
    payload: definition.payload.parse(item.payload) as object,
    runAt: item.runAt ?? at,
    maxAttempts: definition.maxAttempts,
    updatedAt: at,
  }));
  await (options.tx ?? getDb()).job.createMany({ data: rows });
  if (inngestEnabled()) {
    for (const row of rows) await sendInngestEvent({ ...row, status: "pending" } as Job);
  }
  if (!options.tx && rows.some((r) => r.runAt <= at)) wakePoller();
  return rows.map((r) => r.id);
}
