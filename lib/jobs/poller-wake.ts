import { getEnv } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { isEmbeddedDatabase } from "@/lib/db/hot-query";
import { logger } from "@/lib/log/logger";

// A running poller registers here (on globalThis: route bundles share one process with it) so
// that new due work and clock moves are picked up at once instead of at the next poll. A
// process without a poller (the web process: the launcher runs Next in a child) tells the
// worker's poller through PostgreSQL: NOTIFY on JOBS_CHANNEL, which the poller LISTENs on
// (listen-for-jobs.ts). The embedded PGlite serves all connections from one session, where
// LISTEN cannot tell them apart: there the worker's poll picks the work up.
export const JOBS_CHANNEL = "mailwright_jobs";

const g = globalThis as unknown as {
  __mailwrightPollerWake?: () => void;
  __mailwrightNotify?: { inFlight: boolean; again: boolean };
};

export function setPollerWake(wake: (() => void) | undefined) {
  g.__mailwrightPollerWake = wake;
}

/** Asks a poller to look for due work now: this process's, or else the worker's. */
export function wakePoller() {
  const local = g.__mailwrightPollerWake;
  if (local) return local();
  notifyWorkers();
}

// At most one NOTIFY in flight and one per NOTIFY_GAP_MS: under load every accept wakes, and a
// NOTIFY per accept was a round trip per request (as many as the accepts themselves); wakes
// meanwhile are folded into one more at the end of the gap, so a send waits at most that long.
const NOTIFY_GAP_MS = 20;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

function notifyWorkers() {
  if (!getEnv().DATABASE_URL) return;
  const state = (g.__mailwrightNotify ??= { inFlight: false, again: false });
  if (state.inFlight) {
    state.again = true;
    return;
  }
  state.inFlight = true;
  void (async () => {
    try {
      const pool = getPool();
      if (await isEmbeddedDatabase(pool)) return;
      do {
        state.again = false;
        const sent = Date.now();
        await pool.query(`SELECT pg_notify('${JOBS_CHANNEL}', '')`);
        const rest = NOTIFY_GAP_MS - (Date.now() - sent);
        if (rest > 0) await sleep(rest);
      } while (state.again);
    } catch (error) {
      // The worker's poll finds the work anyway.
      logger().debug({ err: error }, "could not notify the worker of new jobs");
    } finally {
      state.inFlight = false;
    }
  })();
}
