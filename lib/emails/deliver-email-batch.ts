import { now } from "@/lib/clock/clock";
import { backoffDelayMs } from "@/lib/jobs/backoff";
import type { JobContext } from "@/lib/jobs/define-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { describeError } from "@/lib/jobs/job-errors";
import { deliverEmails } from "./deliver-emails";
import { emailSendJob } from "./send-email-job";

/** As many emails at once as the poller's `email.send` batch takes (the same memory bound). */
const CHUNK = 50;

/**
 * The `email.send-batch` job: delivers a batch request's emails with the code that runs a
 * claimed batch of `email.send` jobs (deliverEmails). An email that fails here (what would
 * have failed its own `email.send` job) gets an `email.send` job of its own, due after the
 * first backoff, which retries it as before; deferred recipients get their retry jobs from
 * deliverEmails itself. A throw (nothing enqueued) retries the whole batch: delivered emails
 * are then skipped, and an email whose attempt was started but not recorded is sent again
 * (at-least-once, as a lost `email.send` run).
 */
export async function deliverEmailBatch(
  { accountId, emailIds }: { accountId?: string; emailIds: string[] },
  ctx: Pick<JobContext, "jobId" | "log">,
) {
  const failed: { emailId: string; error: unknown }[] = [];
  for (let start = 0; start < emailIds.length; start += CHUNK) {
    const ids = emailIds.slice(start, start + CHUNK);
    const results = await deliverEmails(ids);
    results.forEach((error, i) => {
      if (error !== undefined) failed.push({ emailId: ids[i], error });
    });
  }
  const runAt = new Date(now().getTime() + backoffDelayMs(1));
  for (const { emailId, error } of failed) {
    ctx.log.warn({ emailId, err: describeError(error) }, "an email of the batch failed; retried by its own email.send job");
    // Keyed by this run's job: a batch run again after a crash does not queue a second retry.
    await enqueueJob(
      emailSendJob,
      { emailId },
      {
        runAt,
        dedupeKey: `email.batch-retry:${ctx.jobId ?? "inngest"}:${emailId}`,
        accountId: accountId ?? null,
      },
    );
  }
  return { delivered: emailIds.length - failed.length, retried: failed.length };
}
