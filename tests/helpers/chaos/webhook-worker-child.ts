// A webhook-delivery worker in its own process for the chaos tier's order check:
// node --import tsx webhook-worker-child.ts. It runs only `webhooks.deliver` jobs (with the
// environment's JOB_CONCURRENCY), so several of these compete for one endpoint's messages.
import { runnableJobs } from "@/lib/jobs/handlers";
import { startPoller } from "@/lib/jobs/poller";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";

startPoller({ jobs: runnableJobs(deliverWebhookJob), schedules: false, pollIntervalMs: 50 });
process.stdout.write("ready\n");
