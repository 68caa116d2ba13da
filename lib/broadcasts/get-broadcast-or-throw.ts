import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** The account's broadcast, or a 404 (another account's broadcast included). */
export async function getBroadcastOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const broadcast = await (options.db ?? getDb()).broadcast.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!broadcast) throw notFound("broadcast");
  return broadcast;
}
