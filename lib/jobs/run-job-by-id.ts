import { NonRetriableError } from "inngest";
import { getDb } from "@/lib/db/client";
import { claimJobById } from "./claim-jobs";
import type { RunnableJob } from "./define-job";
import { executeClaimedJob } from "./execute-job";

export type RunByIdResult = { status: "completed"; attempt: number } | { status: "skipped"; reason: string };

/**
 * The Inngest driver's way in: claim the named row and run it like the poller would. A failed
 * attempt throws so Inngest retries the step; the last one throws NonRetriableError.
 */
export async function runJobById(
  job: RunnableJob,
  jobId: string,
  options: { workerId: string; lockSeconds: number },
): Promise<RunByIdResult> {
  const row = await claimJobById(jobId, options);
  if (!row) {
    const existing = await getDb().job.findUnique({ where: { id: jobId }, select: { status: true, lockedBy: true } });
    // Not visible yet (enqueued inside a transaction that has not committed): retry later.
    if (!existing) throw new Error(`job ${jobId} not found`);
    return { status: "skipped", reason: existing.status === "running" ? `running on ${existing.lockedBy}` : existing.status };
  }
  if (row.name !== job.id) {
    throw new NonRetriableError(`job ${jobId} is a ${row.name}, not a ${job.id}`);
  }
  const outcome = await executeClaimedJob(row, job, { ...options, driver: "inngest" });
  switch (outcome.status) {
    case "completed":
      return { status: "completed", attempt: outcome.attempt };
    case "lost":
      return { status: "skipped", reason: "taken over by another worker" };
    case "retry":
      throw new Error(outcome.error.split("\n")[0]);
    case "deferred":
      // Inngest runs the step again after its backoff; the row is pending, so the sweeper's
      // claim (past its grace) takes it if Inngest gives up first.
      throw new Error(`deferred: ${outcome.reason}`);
    case "failed":
      throw new NonRetriableError(outcome.error.split("\n")[0]);
  }
}
