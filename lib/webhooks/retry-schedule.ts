// When a failed webhook attempt is tried again (the spec's table): 1 min, 5 min, 30 min, 2 h,
// 8 h after each failure. The initial attempt plus these five retries make six; when the sixth
// fails the webhook becomes `failed`.
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 8 * 3_600_000] as const;

export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** Delay before the attempt after failed attempt `attempt` (1-based), or null after the last one. */
export function webhookRetryDelayMs(attempt: number): number | null {
  return WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? null;
}
