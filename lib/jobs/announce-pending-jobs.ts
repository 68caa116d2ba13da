import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { inngestEnabled } from "@/lib/config/env";
import { sendInngestEvent } from "./inngest-client";

const BATCH = 200;

/**
 * Inngest mode's outbox drain, run by the sweeper each pass: sends the event of every committed
 * pending job not yet announced (enqueued inside a transaction, or its send failed), then marks
 * it. No lock is held while Inngest answers; two drains sending the same job are harmless (the
 * event id is the job id, and Inngest drops the second). A refused send ends the pass: Inngest is
 * down or unreachable, and trying the other rows one by one would hold the sweeper for the whole
 * batch (the next pass tries again; the sweeper runs rows Inngest never ran). Returns how many
 * were announced.
 */
export async function announcePendingJobs(): Promise<number> {
  if (!inngestEnabled()) return 0;
  const db = getDb();
  const rows = await db.job.findMany({
    where: { status: "pending", announcedAt: null },
    select: { id: true, name: true, runAt: true },
    orderBy: { createdAt: "asc" },
    take: BATCH,
  });
  const sent: string[] = [];
  for (const row of rows) {
    if (!(await sendInngestEvent(row))) break;
    sent.push(row.id);
  }
  if (sent.length) await db.job.updateMany({ where: { id: { in: sent } }, data: { announcedAt: now() } });
  return sent.length;
}
