import { indexJobDefinitions, type JobDefinition } from "./define-job";
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

// Every job the service runs, in one list: add a feature's definition here and both drivers
// (the poller and the Inngest functions) pick it up. Test-only jobs are passed to the poller
// directly instead of being listed here.
export const jobDefinitions: readonly JobDefinition[] = [
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
];

let index: Map<string, JobDefinition> | undefined;

export function getJobDefinition(id: string): JobDefinition {
  index ??= indexJobDefinitions(jobDefinitions);
  const definition = index.get(id);
  if (!definition) throw new Error(`unknown job "${id}": add its definition to lib/jobs/registry.ts`);
  return definition;
}
