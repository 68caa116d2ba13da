// How long a failed job waits before its next attempt.

export type Backoff =
  | {
      /** Wait after the first failure. Default 30 s. */
      baseSeconds?: number;
      /** Multiplier per further failure. Default 2. */
      factor?: number;
      /** Longest wait. Default 6 h. */
      maxSeconds?: number;
    }
  /** Seconds to wait after failed attempt number `attempt` (1-based). */
  | ((attempt: number) => number);

export const DEFAULT_BACKOFF = { baseSeconds: 30, factor: 2, maxSeconds: 6 * 60 * 60 } as const;

/** Milliseconds to wait after attempt number `attempt` (1-based) failed. */
export function backoffDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const n = Math.max(1, Math.floor(attempt));
  let seconds: number;
  if (typeof backoff === "function") {
    seconds = backoff(n);
  } else {
    const base = backoff.baseSeconds ?? DEFAULT_BACKOFF.baseSeconds;
    const factor = backoff.factor ?? DEFAULT_BACKOFF.factor;
    const max = backoff.maxSeconds ?? DEFAULT_BACKOFF.maxSeconds;
    seconds = Math.min(max, base * factor ** (n - 1));
  }
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return Math.round(seconds * 1000);
}
