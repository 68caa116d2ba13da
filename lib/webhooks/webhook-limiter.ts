// At most WEBHOOK_MAX_IN_FLIGHT requests to one webhook at a time from this process: a burst of
// events must not open a hundred connections to one receiver. In-process (a map on globalThis,
// shared by the poller and the route bundles); with several workers the bound is per worker.

export const WEBHOOK_MAX_IN_FLIGHT = 4;

interface Slot {
  active: number;
  waiting: (() => void)[];
}

const g = globalThis as unknown as { __mailwrightWebhookSlots?: Map<string, Slot> };
const slots = (g.__mailwrightWebhookSlots ??= new Map());

/** Waits for a free slot of `webhookId`; call the returned function exactly once to free it. */
export async function acquireWebhookSlot(webhookId: string, limit = WEBHOOK_MAX_IN_FLIGHT): Promise<() => void> {
  let slot = slots.get(webhookId);
  if (!slot) {
    slot = { active: 0, waiting: [] };
    slots.set(webhookId, slot);
  }
  if (slot.active >= limit) await new Promise<void>((resolve) => slot!.waiting.push(resolve));
  else slot.active += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = slot!.waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays counted.
    if (next) next();
    else if (--slot!.active === 0) slots.delete(webhookId);
  };
}

/** Requests to `webhookId` in flight in this process (for tests). */
export function webhookSlotsInUse(webhookId: string): number {
  return slots.get(webhookId)?.active ?? 0;
}
