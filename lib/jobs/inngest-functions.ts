import { Inngest, type InngestFunction } from "inngest";
import { getEnv } from "@/lib/config/env";
import { now } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import { newWorkerId } from "./claim-jobs";
import type { RunnableJob } from "./define-job";
import { registeredJobs } from "./handlers";
import { inngestClient, jobEventName } from "./inngest-client";
import { runJobById } from "./run-job-by-id";
import { everySecondsToCron } from "./schedule";

// The scaled driver (DESIGN section 1): one Inngest function per registered job, served only by
// /api/inngest (it loads every handler: nothing that merely enqueues imports this). A function
// decides only when to run; the row claim and the handler are the poller's own (runJobById).
// Events are sent by the client half (inngest-client.ts).

const g = globalThis as unknown as { __mailwrightInngestFunctions?: InngestFunction.Any[] };

/** The client the functions are served with: the one enqueueJob sends through. */
export function getInngestClient(): Inngest {
  return inngestClient(Inngest);
}

type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

/** The Inngest function that runs `job`: an event per Job row, plus a cron if scheduled. */
export function createJobFunction(job: RunnableJob, client: Inngest = getInngestClient()) {
  const triggers = [{ event: jobEventName(job.id) }, ...(job.schedule ? [{ cron: everySecondsToCron(job.schedule.everySeconds) }] : [])];
  const workerId = newWorkerId("inngest");
  return client.createFunction(
    {
      id: job.id.replaceAll(".", "-"),
      name: job.id,
      triggers,
      retries: Math.min(20, job.maxAttempts - 1) as Retries,
    },
    async ({ event, step, runId }) => {
      const data = (event.data ?? {}) as { jobId?: string; runAt?: string };
      if (!data.jobId) {
        // A cron tick: no row, the handler runs with the empty payload every schedule accepts.
        return step.run("run-scheduled", async () => {
          const log = logger().child({ job: job.id, runId });
          await job.run(job.payload.parse({}), {
            jobId: null,
            attempt: 1,
            maxAttempts: job.maxAttempts,
            driver: "inngest",
            log,
          });
          return { status: "completed" as const };
        });
      }
      const jobId = data.jobId;
      if (data.runAt && new Date(data.runAt).getTime() > now().getTime()) {
        await step.sleepUntil("wait-until-due", data.runAt);
      }
      return step.run("run-job", () => runJobById(job, jobId, { workerId, lockSeconds: getEnv().JOB_LOCK_SECONDS }));
    },
  );
}

/** One function per registered job, served at /api/inngest. */
export function getInngestFunctions(): InngestFunction.Any[] {
  g.__mailwrightInngestFunctions ??= registeredJobs.map((job) => createJobFunction(job));
  return g.__mailwrightInngestFunctions;
}
