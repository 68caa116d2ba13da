// A running poller registers here (on globalThis: route bundles share one process with it) so
// that new due work and clock moves are picked up at once instead of at the next poll.
const g = globalThis as unknown as { __mailwrightPollerWake?: () => void };

export function setPollerWake(wake: (() => void) | undefined) {
  g.__mailwrightPollerWake = wake;
}

/** Asks this process's poller, if any, to look for due work now. */
export function wakePoller() {
  g.__mailwrightPollerWake?.();
}
