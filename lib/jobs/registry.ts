import { maintenancePurgeJob } from "./maintenance-purge-job";
import { domainsRecheckJob } from "@/lib/domains/recheck-domains-job";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { enrollExistingJob } from "@/lib/automations/enrollments/enroll-existing-job";
import { contactImportJob } from "@/lib/contacts/import-job";
import { sendConfirmationEmailJob } from "@/lib/accounts/send-confirmation-email-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { segmentEntriesJob } from "@/lib/automations/triggers/segment-entries-job";
import { processInboundJob } from "@/lib/receiving/process-inbound-job";

// Every job the service runs, in one list of definitions (contracts only: importing it loads
// no handler code). lib/jobs/handlers.ts binds each to its handler, and TypeScript refuses a
// listed job without one. Add a feature's definition here and both drivers (the poller and the
// Inngest functions) pick it up; a `*-job.ts` definition left out of this list fails the unit
// tier (handlers.test.ts). Test-only jobs are passed to the poller directly instead.
export const jobDefinitions = [
  maintenancePurgeJob,
  domainsRecheckJob,
  emailSendJob,
  emailSendBatchJob,
  deliverWebhookJob,
  advanceEnrollmentJob,
  enrollExistingJob,
  contactImportJob,
  sendConfirmationEmailJob,
  sendBroadcastJob,
  segmentEntriesJob,
  processInboundJob,
] as const;
