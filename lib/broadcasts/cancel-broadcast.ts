import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { describeBroadcast } from "./describe-broadcasts";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { broadcastJobKey } from "./send-broadcast-job";

/** POST /broadcasts/:id/cancel: a scheduled broadcast becomes `cancelled` and never sends; otherwise 409. */
export async function cancelBroadcast(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const db = getDb();
  await getBroadcastOrThrow({ accountId, id });
  const at = now();
  const cancelled = await db.$transaction(async (tx) => {
    // The same compare-and-set the job makes to start it: only one side wins.
    const { count } = await tx.broadcast.updateMany({
      where: { id, accountId, status: "scheduled" },
      data: { status: "cancelled", finishedAt: at, updatedAt: at },
    });
    if (count) await tx.job.deleteMany({ where: { dedupeKey: broadcastJobKey(id), status: "pending" } });
    return count;
  });
  const broadcast = await getBroadcastOrThrow({ accountId, id });
  if (!cancelled) throw new ApiError("conflict", `only a scheduled broadcast can be cancelled; this one is ${broadcast.status}`);
  return describeBroadcast(accountId, broadcast);
}
