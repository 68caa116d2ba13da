import type { Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import type { ContactTopicChoice } from "./schemas";

/**
 * Stores a contact's topic choices (the last one wins for a topic named twice). Every id must
 * be one of the account's topics: an unknown one is a 400 naming it, and nothing is stored.
 */
export async function setContactTopics(tx: Tx, o: { accountId: string; contactId: string; choices: ContactTopicChoice[] }) {
  const choices = new Map(o.choices.map((c) => [c.id, c.subscription]));
  if (!choices.size) return;
  const known = await tx.topic.findMany({ where: { accountId: o.accountId, id: { in: [...choices.keys()] } }, select: { id: true } });
  const knownIds = new Set(known.map((t) => t.id));
  const unknown = [...choices.keys()].map((id, index) => ({ id, index })).filter((c) => !knownIds.has(c.id));
  if (unknown.length) {
    throw new ApiError(
      "validation_error",
      `topics: no topic ${unknown.map((u) => u.id).join(", ")} in this account`,
      unknown.map((u) => ({ path: `topics.${u.index}.id`, message: `no topic ${u.id}` })),
    );
  }
  const at = now();
  for (const [topicId, subscription] of choices) {
    await tx.contactTopic.upsert({
      where: { contactId_topicId: { contactId: o.contactId, topicId } },
      create: { contactId: o.contactId, topicId, subscription, updatedAt: at },
      update: { subscription, updatedAt: at },
    });
  }
}
