import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import type { Email, EmailEvent, Prisma } from "@/lib/generated/prisma/client";
import { fanOutEvents } from "@/lib/webhooks/fan-out-event";
import { recordEventsCounters } from "@/lib/analytics/record-event-counters";

export type EmailEventType =
  | "email.queued" | "email.scheduled" | "email.sent" | "email.delivered" | "email.deferred" | "email.opened"
  | "email.clicked" | "email.bounced" | "email.complaint" | "email.suppressed" | "email.cancelled" | "email.failed";

type EventEmail = Pick<Email, "id" | "accountId" | "tags" | "automationId" | "from" | "subject" | "isTest">;

/**
 * The one place an email event is written (per recipient, with the email's tags so
 * automation_id filtering works). Webhook fan-out and analytics counters hang off this.
 */
export async function recordEmailEvent(
  tx: Tx,
  options: {
    email: EventEmail;
    domain?: string | null;
    recipient?: { id: string; email: string } | null;
    type: EmailEventType;
    data?: Record<string, unknown>;
  },
) {
  const [event] = await recordEmailEvents(tx, { ...options, events: [{ type: options.type, data: options.data }] });
  return event;
}

/**
 * Several events of one email and recipient, in order, as `recordEmailEvent` one after the
 * other would write them (each its own createdAt; the email's lastEvent ends on the last),
 * in four statements whatever their number: the events, the email's lastEvent, the counters
 * and the webhook fan-out.
 */
export async function recordEmailEvents(
  tx: Tx,
  options: {
    email: EventEmail;
    domain?: string | null;
    recipient?: { id: string; email: string } | null;
    events: { type: EmailEventType; data?: Record<string, unknown> }[];
  },
): Promise<EmailEvent[]> {
  const { email } = options;
  if (!options.events.length) return [];
  const events: EmailEvent[] = options.events.map((item) => ({
    id: newId("evt"),
    accountId: email.accountId,
    emailId: email.id,
    recipientId: options.recipient?.id ?? null,
    recipient: options.recipient?.email ?? null,
    type: item.type,
    data: (item.data ?? {}) as object,
    tags: (email.tags ?? []) as object,
    automationId: email.automationId,
    domain: options.domain ?? null,
    createdAt: now(),
  }));
  await tx.emailEvent.createMany({ data: events as Prisma.EmailEventCreateManyInput[] });
  await tx.email.update({ where: { id: email.id }, data: { lastEvent: events[events.length - 1].type } });
  // Test-run emails (automation test runs) leave analytics untouched.
  if (!email.isTest) {
    await recordEventsCounters(tx, events.map((event) => ({ ...event, data: event.data as Record<string, unknown> })));
  }
  await fanOutEvents(tx, events, email);
  return events;
}
