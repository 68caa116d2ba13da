import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** Due attempts the poller takes into one batch (a webhook's drain sends its share in order). */
export const WEBHOOK_DELIVERY_BATCH_SIZE = 32;

export const DELIVER_WEBHOOK_JOB_KEY_PREFIX = "webhooks.deliver:";

/** Dedupe key of one attempt: each attempt is its own job, enqueued by the one before it. */
export function deliverWebhookJobKey(messageId: string, attempt: number): string {
  return `${DELIVER_WEBHOOK_JOB_KEY_PREFIX}${messageId}:${attempt}`;
}

// One delivery attempt of one webhook message. The handler records every outcome itself and
// schedules the next attempt (1 min ... 8 h), so a receiver's failure is not a job failure:
// the job's own retries cover only infrastructure errors (a database hiccup), and soon, so a
// transient error does not hold an event back for minutes. The poller claims due attempts in
// batches and drains each webhook's messages under one lease (deliverWebhookMessages); Inngest
// runs one attempt per run.
export const deliverWebhookJob = defineJob({
  id: "webhooks.deliver",
  payload: z.object({ messageId: z.string().min(1), attempt: z.number().int().min(1) }),
  maxAttempts: 6,
  backoff: { baseSeconds: 5, factor: 3, maxSeconds: 600 },
  batch: { size: WEBHOOK_DELIVERY_BATCH_SIZE },
});
