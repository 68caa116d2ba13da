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
import { localSendBounds } from "./local-send-time";
import { Prisma } from "@/lib/generated/prisma/client";

const refuse = (path: string, message: string) => new ApiError("validation_error", `${path}: ${message}`, [{ path, message }]);

/**
 * When the fan-out starts: null for now; scheduledAt; or, for a local time, when the first zone
 * reaches it (now when some already have: those members' emails go at once). Either must end
 * within BROADCAST_MAX_SCHEDULE_DAYS, and a local time must still be ahead somewhere.
 */
function startAt(input: SendBroadcastBody, at: Date): Date | null {
  const horizon = at.getTime() + BROADCAST_MAX_SCHEDULE_DAYS * 86_400_000;
  if (input.localTime) {
    const { first, last } = localSendBounds(input.localTime);
    if (last <= at) throw refuse("localTime", "that time has passed in every time zone");
    if (last.getTime() > horizon) throw refuse("localTime", `at most ${BROADCAST_MAX_SCHEDULE_DAYS} days ahead in every time zone`);
    return first > at ? first : null;
  }
  if (!input.scheduledAt) return null;
  const scheduledAt = new Date(input.scheduledAt);
  if (scheduledAt <= at) throw refuse("scheduledAt", "must be in the future");
  if (scheduledAt.getTime() > horizon) throw refuse("scheduledAt", `at most ${BROADCAST_MAX_SCHEDULE_DAYS} days ahead`);
  return scheduledAt;
}

/**
 * POST /broadcasts/:id/send: a draft becomes `sending` now, or `scheduled` for scheduledAt (or
 * the first zone's arrival at its localTime), and its fan-out job is enqueued. The sender must be one that may send (a verified domain; in local
 * mode also the sandbox sender or an unverified domain of the account) and the balance must cover
 * every member it would email now (403 insufficient_credits names how many).
 */
export async function sendBroadcast(options: { accountId: string; id: string; input: SendBroadcastBody }) {
  const { accountId, id, input } = options;
  const db = getDb();
  const broadcast = await getBroadcastOrThrow({ accountId, id });
  if (broadcast.status !== "draft") throw new ApiError("conflict", `only a draft broadcast can be sent; this one is ${broadcast.status}`);
  // An A/B test's winner goes to the rest at one moment; a local time has a moment per zone.
  if (input.localTime && broadcast.abTest)
    throw refuse("localTime", "a broadcast with an A/B test is sent at one time for everyone: send it without localTime, or remove abTest");
  const at = now();
  const scheduledAt = startAt(input, at);

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

  const localTime = input.localTime ?? Prisma.DbNull;
  const updated = await db.$transaction(async (tx) => {
    const { count } = await tx.broadcast.updateMany({
      where: { id, accountId, status: "draft" },
      data: scheduledAt
        ? { status: "scheduled", scheduledAt, localTime, lastError: null, updatedAt: at }
        : { status: "sending", scheduledAt: null, localTime, startedAt: at, lastError: null, updatedAt: at },
    });
    if (!count) throw new ApiError("conflict", "the broadcast was sent or deleted meanwhile");
    await enqueueJob(sendBroadcastJob, { broadcastId: id }, { tx, runAt: scheduledAt ?? at, dedupeKey: broadcastJobKey(id), accountId });
    return tx.broadcast.findUniqueOrThrow({ where: { id } });
  });
  // Enqueued inside the transaction, which does not wake a poller: now it is committed.
  if (!scheduledAt) wakePoller();
  return describeBroadcast(accountId, updated);
}
