import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import type { EmailEvent } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { isWebhookEventType } from "./schemas";
import { serializeWebhookPayload } from "./serialize-webhook-payload";

/**
 * Binds email events to every active webhook of the account that subscribes to their type: a
 * WebhookMessage each (unique per webhook and event) and its first delivery job, written in the
 * caller's transaction so the events and their deliveries exist together or not at all. Several
 * events of one email (a recipient's sent and delivered) take one read of the webhooks, one
 * insert of the messages, then the jobs, in the order the events and webhooks would have had one
 * event at a time. Test emails and event types webhooks do not carry fan out nothing.
 */
export async function fanOutEvents(
  tx: Tx,
  events: EmailEvent[],
  email: { from: string; subject: string | null; isTest?: boolean },
  // The account's active webhooks wanting any of these events, when the caller read them.
  subscribed?: { id: string; events: string[] }[],
): Promise<number> {
  if (email.isTest) return 0;
  const carried = events.filter((event) => isWebhookEventType(event.type));
  if (!carried.length) return 0;
  const types = [...new Set(carried.map((event) => event.type))];
  const webhooks =
    subscribed ??
    (await tx.webhook.findMany({
      where: { accountId: carried[0].accountId, status: "active", events: { hasSome: types } },
      select: { id: true, events: true },
    }));
  if (!webhooks.length) return 0;
  const messages = carried.flatMap((event) => {
    const subscribed = webhooks.filter((webhook) => webhook.events.includes(event.type));
    if (!subscribed.length) return [];
    const payload = serializeWebhookPayload(event, email);
    return subscribed.map((webhook) => ({
      id: newId("msg"),
      webhookId: webhook.id,
      eventId: event.id,
      eventType: event.type,
      payload: payload as object,
      nextAttemptAt: event.createdAt,
      createdAt: event.createdAt,
      updatedAt: event.createdAt,
    }));
  });
  return queueWebhookMessages(tx, carried[0].accountId, messages);
}

type QueuedMessage = {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: object;
  nextAttemptAt: Date;
  createdAt: Date;
  updatedAt: Date;
};

/** Writes webhook messages and their first delivery jobs in the caller's transaction. */
export async function queueWebhookMessages(tx: Tx, accountId: string, messages: QueuedMessage[]): Promise<number> {
  if (!messages.length) return 0;
  await tx.webhookMessage.createMany({ data: messages, skipDuplicates: true });
  for (const message of messages) {
    await enqueueJob(
      deliverWebhookJob,
      { messageId: message.id, attempt: 1 },
      {
        tx,
        runAt: message.createdAt,
        dedupeKey: deliverWebhookJobKey(message.id, 1),
        accountId,
      },
    );
  }
  return messages.length;
}
