// A redelivery is a new WebhookMessage whose eventId is the event's id plus
// `.r<random>` (eventId is unique per webhook). The event is the same message to a receiver:
// its payload keeps the event's id, and so does the webhook-id header, so a receiver that
// de-duplicates on either sees one message, as Standard Webhooks asks of a resend.

const REDELIVERY_SUFFIX = /\.r[0-9A-Za-z]+$/;

/** The eventId of a new redelivery of `eventId` (itself perhaps a redelivery). */
export function redeliveryEventId(eventId: string, random: string): string {
  return `${originalEventId(eventId)}.r${random}`;
}

/** The event's own id: what the payload's `id` and the webhook-id header carry. */
export function originalEventId(eventId: string): string {
  return eventId.replace(REDELIVERY_SUFFIX, "");
}
