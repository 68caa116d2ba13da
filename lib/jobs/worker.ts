import { inngestEnabled } from "@/lib/config/env";
import { syncClock } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import { startPoller, stopPoller, type PollerOptions } from "./poller";

// The background half of Mailwright, started in-process by the launcher (npm start) or on its
// own by `npm run worker`. Today the job poller; the SMTP relay joins it here.

// With Inngest on, Inngest runs each job first; the poller only sweeps rows it never ran
// (a lost event, an outage) and leaves schedules to Inngest's crons.
const INNGEST_SWEEP_GRACE_MS = 5 * 60_000;

export async function startWorker(options: PollerOptions = {}): Promise<void> {
  await syncClock();
  const inngest = inngestEnabled();
  const workerId = startPoller({
    ...(inngest ? { graceMs: INNGEST_SWEEP_GRACE_MS, schedules: false } : {}),
    ...options,
  });
  logger().info({ workerId, driver: inngest ? "inngest+sweeper" : "poller" }, "worker started");
}

/** Stops taking work and waits for running jobs (see stopPoller). */
export async function stopWorker(options: { timeoutMs?: number } = {}): Promise<void> {
  await stopPoller(options);
  logger().info("worker stopped");
}
