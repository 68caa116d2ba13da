import { getDb } from "@/lib/db/client";
import type { Broadcast } from "@/lib/generated/prisma/client";
import { selectBroadcastStats } from "./broadcast-stats-sql";
import { serializeBroadcast } from "./serialize-broadcast";

/** Serializes broadcasts of one account with their stats and list names (two reads for any number). */
export async function describeBroadcasts(accountId: string, broadcasts: Broadcast[]) {
  const db = getDb();
  const [stats, lists] = await Promise.all([
    selectBroadcastStats(db, { accountId, broadcastIds: broadcasts.filter((b) => b.startedAt).map((b) => b.id) }),
    db.contactList.findMany({
      where: { accountId, id: { in: [...new Set(broadcasts.map((b) => b.listId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const statsById = new Map(stats.map((s) => [s.broadcastId, s]));
  const listById = new Map(lists.map((l) => [l.id, l]));
  return broadcasts.map((b) => serializeBroadcast(b, statsById.get(b.id), listById.get(b.listId)));
}

export async function describeBroadcast(accountId: string, broadcast: Broadcast) {
  return (await describeBroadcasts(accountId, [broadcast]))[0];
}
