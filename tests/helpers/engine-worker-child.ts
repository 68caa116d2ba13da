// The real worker's automation and delivery jobs in their own process, for the crash test:
// node --import tsx engine-worker-child.ts. Prints "ready", then works until killed.
import { startPoller } from "@/lib/jobs/poller";
import { advanceEnrollmentJob } from "@/lib/automations/advance-enrollment-job";
import { emailSendJob } from "@/lib/jobs/definitions/email-send";

startPoller({ definitions: [advanceEnrollmentJob, emailSendJob], pollIntervalMs: 20, concurrency: 8, schedules: false });
process.stdout.write("ready\n");
