// Test events from the dashboard carry ids with this prefix, which the delivery job reads.
export const TEST_EVENT_PREFIX = "evt_test_";

export function isTestEventId(eventId: string): boolean {
  return eventId.startsWith(TEST_EVENT_PREFIX);
}
