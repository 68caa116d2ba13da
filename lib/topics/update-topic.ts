import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { getTopicOrThrow } from "./get-topic-or-throw";
import type { UpdateTopicBody } from "./schemas";
import { serializeTopic } from "./serialize-topic";
import { rethrowTopicNameConflict } from "./topic-conflict";

/** Renames a topic or changes its description. */
export async function updateTopic(options: { accountId: string; id: string; input: UpdateTopicBody }) {
  const { accountId, id, input } = options;
  await getTopicOrThrow({ accountId, id });
  try {
    const topic = await getDb().topic.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description === undefined ? undefined : input.description || null,
        updatedAt: now(),
      },
    });
    return serializeTopic(topic);
  } catch (error) {
    rethrowTopicNameConflict(error, input.name);
  }
}
