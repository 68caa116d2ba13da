import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** Emails per `email.send-batch` job at most (its payload's bound). */
export const SEND_BATCH_MAX_EMAILS = 100;

// Delivers the emails of one POST /emails/batch request, of a group commit's single sends or of
// a broadcast's batch: one Job row for up to 100 emails instead of one each. An email of the
// batch that fails gets its own `email.send` job for its retries (deliverEmailBatch), so only a
// failure of the whole run retries this job. Out of attempts, every email of the batch not yet
// finished ends failed with its credits back, except one that has an email.send job of its own
// waiting. Handlers: lib/jobs/handlers.ts.

export const emailSendBatchJob = defineJob({
  id: "email.send-batch",
  payload: z.object({ accountId: z.string().optional(), emailIds: z.array(z.string()).min(1).max(SEND_BATCH_MAX_EMAILS) }),
  maxAttempts: 8,
});
