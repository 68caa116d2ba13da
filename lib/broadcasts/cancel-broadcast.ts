import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { describeBroadcast } from "./describe-broadcasts";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { abWinnerJobKey, broadcastJobKey } from "./send-broadcast-job";

/**
 * POST /broadcasts/:id/cancel: a scheduled broadcast becomes `cancelled` and never sends; so does
 * one waiting for its A/B test's winner (the test group has its emails, the rest gets none);
 * otherwise 409.
 */
export async function cancelBroadcast(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const db = getDb();
  await getBroadcastOrThrow({ accountId, id });
  const at = now();
  const cancelled = await db.$transaction(async (tx) => {
    // The same compare-and-set the job makes to start it: only one side wins.
    const { count } = await tx.broadcast.updateMany({
      where: {
        id,
        accountId,
        OR: [{ status: "scheduled" }, { status: "sending", abTestEndsAt: { not: null }, abWinner: null }],
      },
      data: { status: "cancelled", finishedAt: at, updatedAt: at },
    });
    if (count) await tx.job.deleteMany({ where: { dedupeKey: { in: [broadcastJobKey(id), abWinnerJobKey(id)] }, status: "pending" } });
    return count;
  });
  const broadcast = await getBroadcastOrThrow({ accountId, id });
  if (!cancelled)
    throw new ApiError(
      "conflict",
      `only a scheduled broadcast, or one waiting for its A/B test's winner, can be cancelled; this one is ${broadcast.status}`,
    );
  return describeBroadcast(accountId, broadcast);
}
