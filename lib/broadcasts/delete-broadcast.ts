import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { broadcastJobKey } from "./send-broadcast-job";

/** Deletes a draft or scheduled broadcast (its waiting job with it); one that started is a 409. */
export async function deleteBroadcast(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const db = getDb();
  await getBroadcastOrThrow({ accountId, id });
  const deleted = await db.$transaction(async (tx) => {
    const { count } = await tx.broadcast.deleteMany({ where: { id, accountId, status: { in: ["draft", "scheduled"] } } });
    if (count) await tx.job.deleteMany({ where: { dedupeKey: broadcastJobKey(id), status: "pending" } });
    return count;
  });
  if (!deleted) throw new ApiError("conflict", "only a draft or scheduled broadcast can be deleted");
  return { id, deleted: true };
}
