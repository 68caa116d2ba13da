import { Inngest, type InngestFunction } from "inngest";
import { getEnv } from "@/lib/config/env";
import { now } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import { newWorkerId } from "./claim-jobs";
import type { JobDefinition } from "./define-job";
import { jobEventName } from "./enqueue-job";
import { jobDefinitions } from "./registry";
import { runJobById } from "./run-job-by-id";
import { everySecondsToCron } from "./schedule";

// The scaled driver (DESIGN section 1): one Inngest function per job definition. It decides
// only when to run; the row claim and the handler are the poller's own (runJobById).

const g = globalThis as unknown as {
  __mailwrightInngest?: Inngest;
  __mailwrightInngestFunctions?: InngestFunction.Any[];
};

export function getInngest(): Inngest {
  // Mode (dev server or cloud) and keys come from INNGEST_DEV / INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY.
  g.__mailwrightInngest ??= new Inngest({ id: "mailwright", logger: logger().child({ component: "inngest" }) });
  return g.__mailwrightInngest;
}

type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

/** The Inngest function that runs `definition`: an event per Job row, plus a cron if scheduled. */
export function createJobFunction(definition: JobDefinition, client: Inngest = getInngest()) {
  const triggers = [
    { event: jobEventName(definition.id) },
    ...(definition.schedule ? [{ cron: everySecondsToCron(definition.schedule.everySeconds) }] : []),
  ];
  const workerId = newWorkerId("inngest");
  return client.createFunction(
    {
      id: definition.id.replaceAll(".", "-"),
      name: definition.id,
      triggers,
      retries: Math.min(20, definition.maxAttempts - 1) as Retries,
    },
    async ({ event, step, runId }) => {
      const data = (event.data ?? {}) as { jobId?: string; runAt?: string };
      if (!data.jobId) {
        // A cron tick: no row, the handler runs with the empty payload every schedule accepts.
        return step.run("run-scheduled", async () => {
          const log = logger().child({ job: definition.id, runId });
          await definition.handler(definition.payload.parse({}), {
            jobId: null,
            attempt: 1,
            maxAttempts: definition.maxAttempts,
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
      return step.run("run-job", () => runJobById(definition, jobId, { workerId, lockSeconds: getEnv().JOB_LOCK_SECONDS }));
    },
  );
}

/** One function per registered definition, served at /api/inngest. */
export function getInngestFunctions(): InngestFunction.Any[] {
  g.__mailwrightInngestFunctions ??= jobDefinitions.map((definition) => createJobFunction(definition));
  return g.__mailwrightInngestFunctions;
}
