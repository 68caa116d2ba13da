import { getEnv, inngestEnabled } from "@/lib/config/env";
import { syncClock } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import type { InboundServer } from "@/lib/receiving/inbound-server";
import type { SmtpRelay } from "@/lib/relay/relay-server";
import { getTransport } from "@/lib/transports/get-transport";
import { encryptPlainWebhookSecrets } from "@/lib/webhooks/encrypt-plain-webhook-secrets";
import { registeredJobs } from "./handlers";
import { startPoller, stopPoller, type PollerOptions } from "./poller";
import { INNGEST_SWEEP_GRACE_MS } from "./sweep-lost-jobs";

// The background half of Mailwright, started in-process by the launcher (npm start) or on its
// own by `npm run worker`: the job poller, the SMTP relay (SMTP_PORT) and the inbound SMTP
// server (INBOUND_SMTP_PORT). An entry that runs
// jobs, it is one of the few importers of the handlers table (lib/jobs/handlers.ts).

// With Inngest on, Inngest runs each job first; the poller only sweeps rows it never ran
// (a lost event, an outage) and leaves schedules to Inngest's crons.
const g = globalThis as unknown as { __mailwrightRelay?: SmtpRelay; __mailwrightInbound?: InboundServer };

/** Starts the relay and a poller over every registered job (`options.jobs` to run others). */
export async function startWorker(options: Partial<PollerOptions> = {}): Promise<void> {
  await syncClock();
  // First, so a taken port fails the start before any job runs.
  // Loaded only when it runs (heavy optional code, not an import circle): smtp-server and the
  // report parser are about 20 MB of RSS over the job handlers that a worker with
  // SMTP_RELAY_DISABLED does not need.
  if (!getEnv().SMTP_RELAY_DISABLED) g.__mailwrightRelay = await (await import("@/lib/relay/relay-server")).startSmtpRelay();
  if (!getEnv().SMTP_RELAY_DISABLED && !getEnv().INBOUND_SMTP_DISABLED) {
    g.__mailwrightInbound = await (await import("@/lib/receiving/inbound-server")).startInboundServer();
  }
  const encrypted = await encryptPlainWebhookSecrets();
  if (encrypted) logger().info({ webhooks: encrypted }, "encrypted plain webhook secrets");
  const inngest = inngestEnabled();
  const workerId = startPoller({
    jobs: registeredJobs,
    ...(inngest ? { graceMs: INNGEST_SWEEP_GRACE_MS, schedules: false } : {}),
    ...options,
  });
  logger().info({ workerId, driver: inngest ? "inngest+sweeper" : "poller" }, "worker started");
}

/** Stops taking work and waits for running jobs (see stopPoller). */
export async function stopWorker(options: { timeoutMs?: number } = {}): Promise<void> {
  const relay = g.__mailwrightRelay;
  const inbound = g.__mailwrightInbound;
  g.__mailwrightRelay = undefined;
  g.__mailwrightInbound = undefined;
  await Promise.all([stopPoller(options), relay?.close(), inbound?.close()]);
  // After the running jobs finished: pooled SMTP connections end with QUIT, not a reset.
  await getTransport().close?.();
  logger().info("worker stopped");
}
