import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { JobDeferredError } from "@/lib/jobs/job-errors";
import { DELIVER_WEBHOOK_JOB_KEY_PREFIX } from "./deliver-webhook-job";
import { takeDeliveryLeaseSql } from "./delivery-lease-sql";

// One delivery in flight per webhook across every worker, in the order the events happened
// (the lease on the Webhook row, delivery-lease-sql.ts). A message waits here while another
// holds the lease or an older one is due; past LEASE_WAIT_MS its job is put back for a moment
// (not counted as an attempt) so a long queue behind a slow receiver does not hold job slots.

/** A lease outlives the attempt it covers (the request's timeout) by this much. */
const LEASE_MARGIN_MS = 15_000;
const LEASE_WAIT_EXTRA_MS = 5_000;
/** The next in line polls this often; further back, proportionally less (at most POLL_MAX_MS). */
const POLL_MS = 20;
const POLL_MAX_MS = 1_000;
const DEFER_MS = 1_000;

interface Waiter {
  createdAt: number;
  id: string;
  wake: () => void;
}

// A lease given back in this process wakes the oldest local waiter of that webhook at once;
// waiters in other processes find out by polling.
const g = globalThis as unknown as { __mailwrightLeaseWaiters?: Map<string, Set<Waiter>> };
const waiters = (g.__mailwrightLeaseWaiters ??= new Map());

function wakeOldest(webhookId: string) {
  const set = waiters.get(webhookId);
  if (!set?.size) return;
  let oldest: Waiter | undefined;
  for (const w of set) if (!oldest || w.createdAt < oldest.createdAt || (w.createdAt === oldest.createdAt && w.id < oldest.id)) oldest = w;
  oldest!.wake();
}

function sleep(webhookId: string, waiter: Omit<Waiter, "wake">, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let set = waiters.get(webhookId);
    if (!set) waiters.set(webhookId, (set = new Set()));
    const entry: Waiter = { ...waiter, wake: () => done() };
    const timer = setTimeout(() => done(), ms);
    function done() {
      clearTimeout(timer);
      set!.delete(entry);
      if (!set!.size) waiters.delete(webhookId);
      resolve();
    }
    set.add(entry);
  });
}

/**
 * Waits for the delivery lease of `message`'s webhook. Returns once held (give it back with
 * releaseDeliveryLeaseSql in the transaction that records the attempt,
 * then announceLeaseFree); throws JobDeferredError after waiting
 * too long.
 */
export async function acquireDeliveryLease(message: { id: string; webhookId: string; createdAt: Date }): Promise<void> {
  const timeoutMs = getEnv().WEBHOOK_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs + LEASE_WAIT_EXTRA_MS;
  for (;;) {
    const at = now();
    const { taken, ahead } = await takeDeliveryLeaseSql(getDb(), {
      webhookId: message.webhookId,
      messageId: message.id,
      createdAt: message.createdAt,
      at,
      until: new Date(at.getTime() + timeoutMs + LEASE_MARGIN_MS),
      jobKeyPrefix: DELIVER_WEBHOOK_JOB_KEY_PREFIX,
    });
    if (taken) return;
    if (Date.now() >= deadline) {
      // Another message may be next in this process: let it try now rather than at its poll.
      wakeOldest(message.webhookId);
      throw new JobDeferredError(`webhook ${message.webhookId} is busy (${ahead} older messages due)`, DEFER_MS + Math.random() * DEFER_MS);
    }
    const pollMs = Math.min(POLL_MAX_MS, POLL_MS * (1 + ahead)) * (0.5 + Math.random());
    await sleep(message.webhookId, { createdAt: message.createdAt.getTime(), id: message.id }, pollMs);
  }
}

/** After the transaction that gave the lease back committed: the next local waiter tries now. */
export function announceLeaseFree(webhookId: string): void {
  wakeOldest(webhookId);
}
