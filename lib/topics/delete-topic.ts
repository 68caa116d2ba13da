import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Deletes a topic and every contact's choice of it; broadcasts that named it keep its id. */
export async function deleteTopic(options: { accountId: string; id: string }) {
  const { count } = await getDb().topic.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (!count) throw notFound("topic");
  return { object: "topic" as const, id: options.id, deleted: true as const };
}
