/**
 * A test run compresses time: every step with a delay is due this long after the previous one
 * (a step without one stays immediate), so a sequence of days plays out in seconds.
 */
export const TEST_RUN_STEP_DELAY_MS = 2_000;

/** How long after the previous step (or the start) a step is due. */
export function stepDelayMs(delayMinutes: number, isTest: boolean): number {
  if (isTest) return delayMinutes > 0 ? TEST_RUN_STEP_DELAY_MS : 0;
  return delayMinutes * 60_000;
}
