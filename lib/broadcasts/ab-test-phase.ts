import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { Broadcast } from "@/lib/generated/prisma/client";
import type { AbTest } from "./ab-test-schema";
import { selectBroadcastVariantStats } from "./broadcast-stats-sql";
import { pickAbWinner } from "./pick-ab-winner";
import { abWinnerJobKey, sendBroadcastJob } from "./send-broadcast-job";

// The two moments of a subject A/B test between a broadcast's fan-outs: the test group's is
// done (record when the test ends and enqueue the fan-out for then, together), and the test
// ended (pick and store the winner, then the rest is fanned out with its subject).

/**
 * The test group has its emails: the broadcast records when the test ends and the cursor starts
 * over for the rest, in one compare-and-set with the job that runs it then. Null when another
 * run moved the cursor meanwhile.
 */
export async function endAbTestPhase(broadcast: Broadcast, test: AbTest, cursor: string | null): Promise<Date | null> {
  const endsAt = new Date(now().getTime() + test.waitMinutes * 60_000);
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.broadcast.updateMany({
      where: { id: broadcast.id, status: "sending", cursor, abTestEndsAt: null },
      data: { abTestEndsAt: endsAt, cursor: null, updatedAt: now() },
    });
    if (!count) return null;
    await enqueueJob(
      sendBroadcastJob,
      { broadcastId: broadcast.id },
      { tx, runAt: endsAt, dedupeKey: abWinnerJobKey(broadcast.id), accountId: broadcast.accountId },
    );
    return endsAt;
  });
}

/**
 * The test's wait is over: the winner by the test's metric over the test group's emails, stored
 * once (a cancel in the wait and this race on the same row: only one side wins). Returns the
 * broadcast as it now is, or null when it is no longer sending (cancelled meanwhile).
 */
export async function chooseAbWinner(broadcast: Broadcast, test: AbTest): Promise<Broadcast | null> {
  const db = getDb();
  const rows = await selectBroadcastVariantStats(db, { accountId: broadcast.accountId, broadcastIds: [broadcast.id] });
  const winner = pickAbWinner(test, rows);
  await db.broadcast.updateMany({
    where: { id: broadcast.id, status: "sending", abWinner: null },
    data: { abWinner: winner, updatedAt: now() },
  });
  const current = await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } });
  return current.status === "sending" ? current : null;
}
