import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError, notFound } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { redeliveryEventId } from "./redelivery-id";

/**
 * "Redeliver": the event a delivery carried goes to the same webhook again as a new
 * message with the usual retries, whatever that delivery's outcome was. The payload is the
 * original (its `id` is the event's id, for a receiver's de-duplication) and so is the
 * webhook-id header (redelivery-id.ts); the message has its own eventId, `<event id>.r<random>`,
 * so the delivery log shows the new attempts apart from the old ones.
 */
export async function redeliverDelivery(options: { accountId: string; webhookId: string; deliveryId: string }) {
  const webhook = await getWebhookOrThrow({ accountId: options.accountId, id: options.webhookId });
  const delivery = await getDb().webhookDelivery.findFirst({
    where: { id: options.deliveryId, webhookId: webhook.id },
    select: { message: { select: { eventId: true, eventType: true, payload: true } } },
  });
  if (!delivery) throw notFound("delivery");
  if (webhook.status !== "active") throw new ApiError("conflict", "this webhook has failed and receives nothing; recreate it");
  const at = now();
  const original = delivery.message;
  // A redelivery of a redelivery names the event it carries, not the message before it.
  const eventId = redeliveryEventId(original.eventId, newId("msg").slice(4, 14));
  const messageId = newId("msg");
  await getDb().$transaction(async (tx) => {
    await tx.webhookMessage.create({
      data: {
        id: messageId,
        webhookId: webhook.id,
        eventId,
        eventType: original.eventType,
        payload: original.payload as object,
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    await enqueueJob(
      deliverWebhookJob,
      { messageId, attempt: 1 },
      { tx, runAt: at, dedupeKey: deliverWebhookJobKey(messageId, 1), accountId: webhook.accountId },
    );
  });
  return { eventId, messageId, queued: true as const };
}
