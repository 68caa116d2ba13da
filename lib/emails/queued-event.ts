import type { Email, EmailEvent } from "@/lib/generated/prisma/client";

// An email accepted for sending now has "email.queued" as its first event: at the email's
// createdAt, naming no recipient, data {}. Everything in it is on the Email row, so accept
// writes no EmailEvent row for it (a row, three index entries and three foreign-key checks per
// email were a fifth of PostgreSQL's CPU in a batch accept); the readers add it. An
// email accepted as scheduled keeps its stored "email.scheduled" event (its data holds the time
// asked for, which a reschedule changes on the email), and so does every email stored before
// this change with its "email.queued" row: an email with either stored gets no derived event.

const FIRST_EVENT_TYPES = new Set(["email.queued", "email.scheduled"]);

/** Whether these events of one email include its stored first event. */
function hasStoredFirstEvent(events: { type: string }[]): boolean {
  return events.some((e) => FIRST_EVENT_TYPES.has(e.type));
}

/** The types a stored first event has (for a query finding which emails have one). */
export const storedFirstEventTypes = [...FIRST_EVENT_TYPES];

/** The email's "email.queued" event as accept stored it (but no domain, which no reader shows); its id is the email's, as evt_. */
export function queuedEventOf(email: Pick<Email, "id" | "accountId" | "tags" | "automationId" | "createdAt">): EmailEvent {
  return {
    id: `evt_${email.id.slice(email.id.indexOf("_") + 1)}`,
    accountId: email.accountId,
    emailId: email.id,
    recipientId: null,
    recipient: null,
    type: "email.queued",
    data: {},
    tags: email.tags,
    automationId: email.automationId,
    domain: null,
    createdAt: email.createdAt,
  };
}

/** The email's events, oldest first, with its derived "email.queued" first when none is stored. */
export function withQueuedEvent(
  email: Pick<Email, "id" | "accountId" | "tags" | "automationId" | "createdAt">,
  events: EmailEvent[],
): EmailEvent[] {
  if (hasStoredFirstEvent(events)) return events;
  const queued = queuedEventOf(email);
  // Where the (createdAt, id) order of the stored rows would have put it: first, unless an
  // event in the same millisecond has a smaller id.
  const at = events.findIndex(
    (e) => e.createdAt > queued.createdAt || (e.createdAt.getTime() === queued.createdAt.getTime() && e.id > queued.id),
  );
  return at === -1 ? [...events, queued] : [...events.slice(0, at), queued, ...events.slice(at)];
}
