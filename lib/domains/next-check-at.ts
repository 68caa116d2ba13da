const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RECHECK_FAST_MS = 5 * MINUTE;
export const RECHECK_FAST_WINDOW_MS = HOUR;
export const RECHECK_SLOW_MS = HOUR;
export const RECHECK_VERIFIED_MS = 24 * HOUR;

/**
 * When a domain's DNS is looked at again. Records usually appear minutes after the customer
 * adds them, so an unverified domain is checked every 5 minutes in its first hour, then
 * hourly; a verified one daily, so a record removed later shows up in its diagnosis.
 */
export function nextCheckAt(options: { verified: boolean; createdAt: Date; now: Date }): Date {
  const now = options.now.getTime();
  if (options.verified) return new Date(now + RECHECK_VERIFIED_MS);
  const age = now - options.createdAt.getTime();
  return new Date(now + (age < RECHECK_FAST_WINDOW_MS ? RECHECK_FAST_MS : RECHECK_SLOW_MS));
}
