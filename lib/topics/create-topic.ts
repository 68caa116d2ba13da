import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { TOPICS_MAX, type CreateTopicBody } from "./schemas";
import { serializeTopic } from "./serialize-topic";
import { rethrowTopicNameConflict } from "./topic-conflict";

/** Creates a topic; a name already used in the account is a 409, past TOPICS_MAX a 403. */
export async function createTopic(options: { accountId: string; input: CreateTopicBody }) {
  const { accountId, input } = options;
  const db = getDb();
  // The preference page lists every topic: the count bounds it.
  if ((await db.topic.count({ where: { accountId } })) >= TOPICS_MAX) {
    throw new ApiError("limit_reached", `an account has at most ${TOPICS_MAX} topics`);
  }
  const at = now();
  try {
    const topic = await db.topic.create({
      data: {
        id: newId("top"),
        accountId,
        name: input.name,
        description: input.description || null,
        defaultSubscription: input.defaultSubscription,
        createdAt: at,
        updatedAt: at,
      },
    });
    return serializeTopic(topic);
  } catch (error) {
    rethrowTopicNameConflict(error, input.name);
  }
}
