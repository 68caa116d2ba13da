import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { insufficientCredits } from "@/lib/credits/insufficient-credits";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { wakePoller } from "@/lib/jobs/poller-wake";
import { assertBroadcastSender } from "./broadcast-sender";
import { checkBroadcastRefs } from "./check-broadcast-refs";
import { countBroadcastAudience } from "./broadcast-members-sql";
import { describeBroadcast } from "./describe-broadcasts";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { broadcastJobKey, sendBroadcastJob } from "./send-broadcast-job";
import { BROADCAST_MAX_SCHEDULE_DAYS, type SendBroadcastBody } from "./schemas";

/**
 * POST /broadcasts/:id/send: a draft becomes `sending` now, or `scheduled` for scheduledAt, and
 * its fan-out job is enqueued. The sender must be one that may send (a verified domain; in local
 * mode also the sandbox sender or an unverified domain of the account) and the balance must cover
 * every member it would email now (403 insufficient_credits names how many).
 */
export async function sendBroadcast(options: { accountId: string; id: string; input: SendBroadcastBody }) {
  const { accountId, id, input } = options;
  const db = getDb();
  const broadcast = await getBroadcastOrThrow({ accountId, id });
  if (broadcast.status !== "draft") throw new ApiError("conflict", `only a draft broadcast can be sent; this one is ${broadcast.status}`);
  const at = now();
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
  if (scheduledAt && scheduledAt <= at)
    throw new ApiError("validation_error", "scheduledAt: must be in the future", [
      { path: "scheduledAt", message: "must be in the future" },
    ]);
  if (scheduledAt && scheduledAt.getTime() - at.getTime() > BROADCAST_MAX_SCHEDULE_DAYS * 86_400_000) {
    const message = `at most ${BROADCAST_MAX_SCHEDULE_DAYS} days ahead`;
    throw new ApiError("validation_error", `scheduledAt: ${message}`, [{ path: "scheduledAt", message }]);
  }

  await assertBroadcastSender(db, accountId, broadcast.from);
  const list = await db.contactList.findFirst({ where: { id: broadcast.listId, accountId }, select: { id: true, filter: true } });
  if (!list)
    throw new ApiError("validation_error", "listId: the broadcast's list was deleted", [{ path: "listId", message: "no such list" }]);
  await checkBroadcastRefs(db, accountId, { topicId: broadcast.topicId });
  const needed = await countBroadcastAudience(db, {
    listId: broadcast.listId,
    accountId,
    topicId: broadcast.topicId,
    filter: list.filter,
  });
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalance: true } });
  if (account.creditBalance < needed) throw await insufficientCredits(db, accountId, needed);

  const updated = await db.$transaction(async (tx) => {
    const { count } = await tx.broadcast.updateMany({
      where: { id, accountId, status: "draft" },
      data: scheduledAt
        ? { status: "scheduled", scheduledAt, lastError: null, updatedAt: at }
        : { status: "sending", scheduledAt: null, startedAt: at, lastError: null, updatedAt: at },
    });
    if (!count) throw new ApiError("conflict", "the broadcast was sent or deleted meanwhile");
    await enqueueJob(sendBroadcastJob, { broadcastId: id }, { tx, runAt: scheduledAt ?? at, dedupeKey: broadcastJobKey(id), accountId });
    return tx.broadcast.findUniqueOrThrow({ where: { id } });
  });
  // Enqueued inside the transaction, which does not wake a poller: now it is committed.
  if (!scheduledAt) wakePoller();
  return describeBroadcast(accountId, updated);
}
