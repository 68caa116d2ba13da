import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import { describeBroadcasts } from "./describe-broadcasts";
import type { ListBroadcastsQuery } from "./schemas";

/** The account's broadcasts, newest first, with their stats; ?status= filters. */
export async function listBroadcasts(options: { accountId: string; query: ListBroadcastsQuery }) {
  const { limit, offset, status } = options.query;
  const db = getDb();
  const where = { accountId: options.accountId, ...(status ? { status } : {}) };
  const [rows, total] = await Promise.all([
    db.broadcast.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.broadcast.count({ where }),
  ]);
  return paginated(await describeBroadcasts(options.accountId, rows), total, { limit, offset });
}
