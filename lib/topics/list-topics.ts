import { getDb } from "@/lib/db/client";
import { TOPICS_MAX } from "./schemas";
import { serializeTopic } from "./serialize-topic";

/** Every topic of the account (at most TOPICS_MAX), oldest first as the preference page shows them. */
export async function listTopics(options: { accountId: string }) {
  const rows = await getDb().topic.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: TOPICS_MAX,
  });
  return { object: "list" as const, data: rows.map(serializeTopic), has_more: false };
}
