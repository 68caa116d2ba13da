import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";

// Event order per webhook, where possible: before sending, a message waits (briefly, and in
// process) while an older message of the same webhook is due right now, so a burst goes out in
// the order the events happened. Older messages waiting for a retry do not hold newer ones up
// (one failing event must not stall the rest for hours), and neither do ones stuck for longer
// than STALE_MS (their job is gone); after MAX_WAIT_MS the message goes anyway.

const MAX_WAIT_MS = 2_000;
const POLL_MS = 25;
const STALE_MS = 5 * 60_000;

// Order is about which event goes out first, not which answer comes back first: a message
// already handed to the sender in this process no longer holds newer ones back.
const g = globalThis as unknown as { __mailwrightWebhookStarted?: Set<string> };
const started = (g.__mailwrightWebhookStarted ??= new Set());

/** Marks a message as on its way; call the returned function once its attempt is recorded. */
export function markMessageStarted(id: string): () => void {
  started.add(id);
  return () => started.delete(id);
}

export async function waitForOlderMessages(message: { id: string; webhookId: string; createdAt: Date }): Promise<boolean> {
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const at = now();
    const older = await getDb().webhookMessage.findFirst({
      where: {
        webhookId: message.webhookId,
        status: "pending",
        id: { notIn: [message.id, ...started] },
        nextAttemptAt: { lte: at, gte: new Date(at.getTime() - STALE_MS) },
        OR: [{ createdAt: { lt: message.createdAt } }, { createdAt: message.createdAt, id: { lt: message.id } }],
      },
      select: { id: true },
    });
    if (!older) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
