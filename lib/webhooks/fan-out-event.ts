import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import type { EmailEvent } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { isWebhookEventType } from "./schemas";
import { serializeWebhookPayload } from "./serialize-webhook-payload";

/**
 * Binds one email event to every active webhook of the account that subscribes to its type:
 * a WebhookMessage each (unique per webhook and event) and its first delivery job, written in
 * the caller's transaction so the event and its deliveries exist together or not at all.
 * Test emails and event types webhooks do not carry fan out nothing.
 */
export async function fanOutEvent(
  tx: Tx,
  event: EmailEvent,
  email: { from: string; subject: string | null; isTest?: boolean },
): Promise<number> {
  if (email.isTest || !isWebhookEventType(event.type)) return 0;
  const webhooks = await tx.webhook.findMany({
    where: { accountId: event.accountId, status: "active", events: { has: event.type } },
    select: { id: true },
  });
  if (!webhooks.length) return 0;
  const payload = serializeWebhookPayload(event, email);
  const messages = webhooks.map((webhook) => ({
    id: newId("msg"),
    webhookId: webhook.id,
    eventId: event.id,
    eventType: event.type,
    payload: payload as object,
    nextAttemptAt: event.createdAt,
    createdAt: event.createdAt,
    updatedAt: event.createdAt,
  }));
  await tx.webhookMessage.createMany({ data: messages, skipDuplicates: true });
  for (const message of messages) {
    await enqueueJob(deliverWebhookJob, { messageId: message.id, attempt: 1 }, {
      tx,
      runAt: event.createdAt,
      dedupeKey: deliverWebhookJobKey(message.id, 1),
    });
  }
  return messages.length;
}
