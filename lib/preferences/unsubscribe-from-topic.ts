import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import type { Preferences } from "./load-preferences";

/**
 * The RFC 8058 one-click unsubscribe of an email that has a topic: the contact opts out of that
 * topic only and stays subscribed to the rest. Counted once, on the change, for the broadcast
 * whose email carried the link. Idempotent.
 */
export async function unsubscribeFromTopic(prefs: Preferences, topic: { id: string }) {
  const { contact, target } = prefs;
  const at = now();
  await getDb().$transaction(async (tx) => {
    const current = await tx.contactTopic.findUnique({
      where: { contactId_topicId: { contactId: contact.id, topicId: topic.id } },
      select: { subscription: true },
    });
    const wasReceiving = current
      ? current.subscription === "opt_in"
      : prefs.topics.find((t) => t.id === topic.id)?.subscription === "opt_in";
    await tx.contactTopic.upsert({
      where: { contactId_topicId: { contactId: contact.id, topicId: topic.id } },
      create: { contactId: contact.id, topicId: topic.id, subscription: "opt_out", updatedAt: at },
      update: { subscription: "opt_out", updatedAt: at },
    });
    if (wasReceiving && target.broadcastId) {
      await tx.broadcast.updateMany({
        where: { id: target.broadcastId, accountId: contact.accountId },
        data: { unsubscribed: { increment: 1 } },
      });
    }
  });
}
