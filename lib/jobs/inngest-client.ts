import type { Inngest } from "inngest";
import type { Job } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";

// The Inngest client: sends the event that runs a Job row (enqueueJob, the sweeper's drain).
// The functions Inngest calls back are served apart (inngest-functions.ts, only from
// /api/inngest), so enqueueing never loads a job's handler. The `inngest` package is loaded
// on the first send, not with this module: every route that enqueues imports this, and the
// package (about 18 MB of RSS, 0.4 s to load) is needed only with Inngest on.

const g = globalThis as unknown as { __mailwrightInngest?: Inngest };

/** The process's one client, made with the given `Inngest` class the first time. */
export function inngestClient(InngestClass: typeof Inngest): Inngest {
  // Mode (dev server or cloud) and keys come from INNGEST_DEV / INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY.
  g.__mailwrightInngest ??= new InngestClass({ id: "mailwright", logger: logger().child({ component: "inngest" }) });
  return g.__mailwrightInngest;
}

export async function getInngest(): Promise<Inngest> {
  return g.__mailwrightInngest ?? inngestClient((await import("inngest")).Inngest);
}

/** The Inngest event that runs a job; its data names the Job row. */
export function jobEventName(definitionId: string): string {
  return `mailwright/${definitionId}`;
}

/** Sends a job's event; true once Inngest took it (the caller marks the row announced). */
export async function sendInngestEvent(job: Pick<Job, "id" | "name" | "runAt">): Promise<boolean> {
  try {
    await (
      await getInngest()
    ).send({
      // The row id as event id: Inngest drops a second send of the same job.
      id: job.id,
      name: jobEventName(job.name),
      data: { jobId: job.id, runAt: job.runAt.toISOString() },
    });
    return true;
  } catch (error) {
    // The row is the source of truth: the worker's poller sweeps rows Inngest never ran.
    logger().warn({ err: error, jobId: job.id }, "could not send the Inngest event; the sweeper sends it again or runs the job");
    return false;
  }
}
