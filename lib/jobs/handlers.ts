import { sendConfirmationEmail } from "@/lib/accounts/send-confirmation-email";
import { advanceEnrollment } from "@/lib/automations/enrollments/advance-enrollment";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { advanceEnrollments } from "@/lib/automations/enrollments/advance-enrollments";
import { enrollExistingContacts } from "@/lib/automations/enrollments/enroll-existing-contacts";
import { enrollExistingJob } from "@/lib/automations/enrollments/enroll-existing-job";
import { sendConfirmationEmailJob } from "@/lib/accounts/send-confirmation-email-job";
import { checkSegmentEntries } from "@/lib/automations/triggers/check-segment-entries";
import { segmentEntriesJob } from "@/lib/automations/triggers/segment-entries-job";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { contactImportJob } from "@/lib/contacts/import-job";
import { runContactImport } from "@/lib/contacts/import-run";
import { recheckDueDomains } from "@/lib/domains/recheck-due-domains";
import { domainsRecheckJob } from "@/lib/domains/recheck-domains-job";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { deliverEmailBatch } from "@/lib/emails/deliver-email-batch";
import { deliverEmails } from "@/lib/emails/deliver-emails";
import { emailHasPendingSendJob } from "@/lib/emails/email-has-pending-send-job";
import { failExhaustedEmail } from "@/lib/emails/fail-exhausted-email";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { processInboundJob } from "@/lib/receiving/process-inbound-job";
import { processInboundMessage, processInboundMessages } from "@/lib/receiving/process-inbound-messages";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { deliverWebhookMessage } from "@/lib/webhooks/deliver-webhook-message";
import { deliverWebhookMessages } from "@/lib/webhooks/deliver-webhook-messages";
import { bindJobs, type JobDefinition, type RunnableJob } from "./define-job";
import { maintenancePurgeJob } from "./maintenance-purge-job";
import { purgeExpiredRows } from "./purge-expired-rows";
import { jobDefinitions } from "./registry";

// What runs each job: the one place a job's id meets the code that does its work. Imported
// only by the entries that run jobs (the worker, the cron sweep route, the Inngest serve route)
// and by tests that run jobs; everything else enqueues by definition (lib/jobs/registry.ts and
// the features' `*-job.ts`) and never loads this table, so no import circle goes through a job.
// The table's type wants exactly one handler per listed definition, each typed by its payload
// schema, with `runBatch` for the batch jobs only.

/** Every registered job bound to its handler: what the worker's poller and Inngest run. */
export const registeredJobs: readonly RunnableJob[] = bindJobs(jobDefinitions, {
  [maintenancePurgeJob.id]: {
    run: async (_payload, ctx) => {
      const result = await purgeExpiredRows();
      if (result.idempotencyKeys || result.jobs || result.testRuns || result.requestLogs || result.auditLogEntries)
        ctx.log.info(result, "purged expired rows");
      return result;
    },
  },

  [domainsRecheckJob.id]: {
    run: async (_payload, ctx) => {
      const summary = await recheckDueDomains();
      if (summary.checked) ctx.log.info(summary, "re-checked domain DNS");
      return summary;
    },
  },

  [segmentEntriesJob.id]: {
    run: async ({ automationId }, ctx) => {
      const summary = await checkSegmentEntries({ automationId });
      if (summary.entered || summary.left || summary.started) ctx.log.info(summary, "segment_entry pass");
      return summary;
    },
  },

  [emailSendJob.id]: {
    run: ({ emailId }) => deliverEmail(emailId),
    runBatch: (items) => deliverEmails(items.map((item) => item.payload.emailId)),
    onExhausted: async ({ emailId }, { error }) => {
      await failExhaustedEmail({ emailId, error });
    },
  },

  [emailSendBatchJob.id]: {
    run: ({ accountId, emailIds }, ctx) => deliverEmailBatch({ accountId, emailIds }, ctx),
    // An email of the batch with an email.send job of its own waiting (a retry or a
    // deferral's) is left to that job, which decides its outcome.
    onExhausted: async ({ emailIds }, { error }) => {
      for (const emailId of emailIds) {
        if (!(await emailHasPendingSendJob(emailId))) await failExhaustedEmail({ emailId, error });
      }
    },
  },

  [deliverWebhookJob.id]: {
    run: (payload, ctx) => deliverWebhookMessage({ ...payload, log: ctx.log }),
    runBatch: (items) =>
      deliverWebhookMessages(items.map(({ payload, ctx }) => ({ messageId: payload.messageId, attempt: payload.attempt, log: ctx.log }))),
  },

  [advanceEnrollmentJob.id]: {
    run: ({ enrollmentId }, ctx) => advanceEnrollment({ enrollmentId }, ctx),
    runBatch: (items) => advanceEnrollments(items.map(({ payload, ctx }) => ({ enrollmentId: payload.enrollmentId, ctx }))),
  },

  [enrollExistingJob.id]: {
    run: (payload) => enrollExistingContacts(payload),
  },

  [contactImportJob.id]: {
    run: ({ importId }, ctx) => runContactImport(importId, ctx),
  },

  [sendConfirmationEmailJob.id]: {
    run: ({ accountId }, ctx) => sendConfirmationEmail({ accountId, log: ctx.log }),
  },

  [processInboundJob.id]: {
    run: ({ inboundId }) => processInboundMessage(inboundId),
    runBatch: (items) => processInboundMessages(items.map((item) => item.payload.inboundId)),
  },

  [sendBroadcastJob.id]: {
    run: ({ broadcastId }, ctx) => runBroadcast(broadcastId, ctx),
  },
});

const byId = new Map(registeredJobs.map((job) => [job.id, job]));

/** The registered job of a definition, bound to its handler (tests and scripts run a few). */
export function runnableJob<TJob extends JobDefinition>(definition: TJob): RunnableJob<TJob> {
  const job = byId.get(definition.id);
  if (!job) throw new Error(`job ${definition.id} is not registered: add it to lib/jobs/registry.ts`);
  return job as RunnableJob<TJob>;
}

/** The registered jobs of these definitions (a poller that runs only them). */
export function runnableJobs(...definitions: JobDefinition[]): RunnableJob[] {
  return definitions.map(runnableJob);
}
