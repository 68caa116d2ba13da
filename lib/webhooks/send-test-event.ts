import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { TEST_EVENT_PREFIX } from "./test-event-id";

/**
 * "Send test event" from the dashboard: an email.delivered event with sample data, signed and
 * delivered like any other but attempted once (no retries, and it never fails the webhook).
 */
export async function sendTestEvent(options: { accountId: string; id: string }) {
  const webhook = await getWebhookOrThrow({ accountId: options.accountId, id: options.id });
  if (webhook.status !== "active") throw new ApiError("conflict", "this webhook has failed and receives nothing; recreate it");
  const at = now();
  const eventId = `${TEST_EVENT_PREFIX}${newId("evt").slice(4)}`;
  const payload = {
    id: eventId,
    type: "email.delivered",
    created_at: at.toISOString(),
    data: {
      email_id: "em_test",
      from: "Mailwright <test@example.com>",
      to: "recipient@example.com",
      subject: "Test event from Mailwright",
      tags: [],
      test: true,
    },
  };
  const messageId = newId("msg");
  await getDb().$transaction(async (tx) => {
    await tx.webhookMessage.create({
      data: {
        id: messageId,
        webhookId: webhook.id,
        eventId,
        eventType: "email.delivered",
        payload,
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
  return { eventId, messageId, queued: true };
}
