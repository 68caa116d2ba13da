// The real worker's automation and delivery jobs in their own process, for the crash test:
// node --import tsx engine-worker-child.ts. Prints "ready", then works until killed.
import { runnableJobs } from "@/lib/jobs/handlers";
import { startPoller } from "@/lib/jobs/poller";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { emailSendJob } from "@/lib/emails/send-email-job";

// Batches of 5, so the kill lands between batches and inside one (60 steps in one batch of 200
// would leave nothing half-done to recover).
startPoller({ jobs: runnableJobs(advanceEnrollmentJob, emailSendJob), pollIntervalMs: 20, concurrency: 8, schedules: false, batchSize: 5 });
process.stdout.write("ready\n");
