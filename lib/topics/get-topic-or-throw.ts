import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** The account's topic, or a 404 (another account's topic included). */
export async function getTopicOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const topic = await (options.db ?? getDb()).topic.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!topic) throw notFound("topic");
  return topic;
}
