/**
 * A test run compresses time: every step with a delay is due this long after the previous one
 * (a step without one stays immediate), so a sequence of days plays out in seconds.
 */
export const TEST_RUN_STEP_DELAY_MS = 2_000;

/**
 * A test run's wait for an event times out this long after it began: time for the tester to
 * send the event, or to skip the wait and take the timeout path at once.
 */
export const TEST_RUN_WAIT_TIMEOUT_MS = 30_000;

/** How long after the previous step (or the start) a step is due. */
export function stepDelayMs(delayMinutes: number, isTest: boolean): number {
  if (isTest) return delayMinutes > 0 ? TEST_RUN_STEP_DELAY_MS : 0;
  return delayMinutes * 60_000;
}
