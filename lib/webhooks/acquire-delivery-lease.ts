import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { JobDeferredError } from "@/lib/jobs/job-errors";
import { DELIVER_WEBHOOK_JOB_KEY_PREFIX } from "./deliver-webhook-job";
import { takeDeliveryLeaseSql } from "./delivery-lease-sql";

// One delivery in flight per webhook across every worker, in the order the events happened
// (the lease on the Webhook row, delivery-lease-sql.ts). A message waits here while another
// holds the lease or an older one is due. Of the messages of one webhook waiting in this
// process only the oldest can be next, so only it asks the database; the others wait for their
// turn in memory. While the line moves they keep waiting (a message put back would stall the
// line when its turn comes); when it has not moved for the wait (an older message's job is not
// running anywhere, its slot held by waiters), their jobs are put back for a moment (not counted
// as an attempt) so the older one can be claimed.

/** A lease outlives the attempt it covers (the request's timeout) by this much. */
const LEASE_MARGIN_MS = 15_000;
const LEASE_WAIT_EXTRA_MS = 5_000;
/** The oldest local waiter defers only after this many times the wait (an older message unclaimed). */
const HEAD_WAIT_FACTOR = 4;
/** The oldest local waiter polls this often, less when far back (at most POLL_MAX_MS). */
const POLL_MS = 20;
const POLL_MAX_MS = 500;
const IDLE_MS = 250;
const DEFER_MS = 1_000;

interface Waiter {
  createdAt: number;
  id: string;
  wake?: () => void;
}

const g = globalThis as unknown as { __mailwrightLeaseWaiters?: Map<string, Set<Waiter>> };
const waiters = (g.__mailwrightLeaseWaiters ??= new Map());
// When this process last saw the line of a webhook move (a lease taken or given back, or fewer ahead).
const m = globalThis as unknown as { __mailwrightLeaseMoved?: Map<string, number> };
const moved = (m.__mailwrightLeaseMoved ??= new Map());
const stalledFor = (webhookId: string, started: number) => Date.now() - Math.max(started, moved.get(webhookId) ?? 0);

const before = (a: Waiter, b: Waiter) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

function oldest(webhookId: string): Waiter | undefined {
  let first: Waiter | undefined;
  for (const w of waiters.get(webhookId) ?? []) if (!first || before(w, first)) first = w;
  return first;
}

function nap(waiter: Waiter, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(), ms);
    function done() {
      clearTimeout(timer);
      waiter.wake = undefined;
      resolve();
    }
    waiter.wake = done;
  });
}

/**
 * Waits for the delivery lease of `message`'s webhook. Returns once held (give it back with
 * releaseDeliveryLeaseSql in the transaction that records the attempt, then announceLeaseFree);
 * throws JobDeferredError after waiting too long.
 */
export async function acquireDeliveryLease(message: { id: string; webhookId: string; createdAt: Date }): Promise<void> {
  const timeoutMs = getEnv().WEBHOOK_TIMEOUT_MS;
  const started = Date.now();
  const waitMs = timeoutMs + LEASE_WAIT_EXTRA_MS;
  const me: Waiter = { createdAt: message.createdAt.getTime(), id: message.id };
  let set = waiters.get(message.webhookId);
  if (!set) waiters.set(message.webhookId, (set = new Set()));
  set.add(me);
  let lastAhead = Infinity;
  try {
    for (;;) {
      if (oldest(message.webhookId) !== me) {
        if (stalledFor(message.webhookId, started) >= waitMs)
          throw new JobDeferredError(`webhook ${message.webhookId} is busy`, DEFER_MS * (1 + Math.random()));
        await nap(me, IDLE_MS);
        continue;
      }
      const at = now();
      const { taken, ahead } = await takeDeliveryLeaseSql(getDb(), {
        webhookId: message.webhookId,
        messageId: message.id,
        createdAt: message.createdAt,
        at,
        until: leaseUntil(at),
        jobKeyPrefix: DELIVER_WEBHOOK_JOB_KEY_PREFIX,
      });
      if (taken || ahead < lastAhead) moved.set(message.webhookId, Date.now());
      if (taken) return;
      lastAhead = ahead;
      if (stalledFor(message.webhookId, started) >= waitMs * HEAD_WAIT_FACTOR) {
        throw new JobDeferredError(`webhook ${message.webhookId} is busy (${ahead} older messages due)`, DEFER_MS * (1 + Math.random()));
      }
      await nap(me, Math.min(POLL_MAX_MS, POLL_MS * (1 + ahead)) * (0.5 + Math.random()));
    }
  } finally {
    set.delete(me);
    if (!set.size) {
      waiters.delete(message.webhookId);
      moved.delete(message.webhookId);
    }
    // The next local waiter is now the oldest: it asks the database at once.
    oldest(message.webhookId)?.wake?.();
  }
}

/** When a lease taken (or handed over) at `at` runs out: the attempt's timeout and a margin. */
export function leaseUntil(at: Date): Date {
  return new Date(at.getTime() + getEnv().WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
}

/** After the transaction that gave the lease back committed: the oldest local waiter tries now. */
export function announceLeaseFree(webhookId: string): void {
  if (waiters.has(webhookId)) moved.set(webhookId, Date.now());
  oldest(webhookId)?.wake?.();
}
