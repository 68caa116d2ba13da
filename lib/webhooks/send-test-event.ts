import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { TEST_EVENT_PREFIX } from "./test-event-id";
import { testEventPayload } from "./test-event-payload";
import type { WebhookEventType } from "./schemas";

/**
 * "Send test event" from the dashboard: an event of the chosen type (email.delivered unless
 * told) with sample data, signed and delivered like any other but attempted once (no retries,
 * and it never fails the webhook). Any documented type, subscribed or not.
 */
export async function sendTestEvent(options: { accountId: string; id: string; type?: WebhookEventType }) {
  const webhook = await getWebhookOrThrow({ accountId: options.accountId, id: options.id });
  if (webhook.status !== "active") throw new ApiError("conflict", "this webhook has failed and receives nothing; recreate it");
  const at = now();
  const type = options.type ?? "email.delivered";
  const eventId = `${TEST_EVENT_PREFIX}${newId("evt").slice(4)}`;
  const payload = testEventPayload({ eventId, type, at });
  const messageId = newId("msg");
  await getDb().$transaction(async (tx) => {
    await tx.webhookMessage.create({
      data: {
        id: messageId,
        webhookId: webhook.id,
        eventId,
        eventType: type,
        payload: payload as object,
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    await enqueueJob(
      deliverWebhookJob,
      { messageId, attempt: 1 },
      {
        tx,
        runAt: at,
        dedupeKey: deliverWebhookJobKey(messageId, 1),
        accountId: webhook.accountId,
      },
    );
  });
  return { eventId, messageId, type, queued: true as const };
}
