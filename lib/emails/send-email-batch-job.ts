import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { sendEmailBatchJobId } from "@/lib/emails/send-job-id";

// Delivers the emails of one POST /emails/batch request: one Job row for up to 100 emails
// instead of one each. An email of the batch that fails gets its own `email.send` job for its
// retries (deliverEmailBatch), so only a failure of the whole run retries this job.
export const emailSendBatchJob = defineJob({
  id: sendEmailBatchJobId,
  payload: z.object({ accountId: z.string().optional(), emailIds: z.array(z.string()).min(1).max(100) }),
  maxAttempts: 8,
  handler: async ({ accountId, emailIds }, ctx) =>
    (await import("@/lib/emails/deliver-email-batch")).deliverEmailBatch({ accountId, emailIds }, ctx),
  // Out of attempts: every email of the batch not yet finished ends failed with its credits
  // back, except one that has an email.send job of its own waiting (a retry or a deferral's),
  // which decides its outcome.
  onExhausted: async ({ emailIds }, { error }) => {
    const { failExhaustedEmail } = await import("@/lib/emails/fail-exhausted-email");
    const { emailHasPendingSendJob } = await import("@/lib/emails/email-has-pending-send-job");
    for (const emailId of emailIds) {
      if (!(await emailHasPendingSendJob(emailId))) await failExhaustedEmail({ emailId, error });
    }
  },
});
