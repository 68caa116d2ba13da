import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import type { Email, EmailEvent } from "@/lib/generated/prisma/client";
import { fanOutEvents } from "@/lib/webhooks/fan-out-event";
import { eventCounterIncrements } from "@/lib/analytics/record-event-counters";
import { recordEmailEventsSql } from "./record-email-events-sql";
import { webhookTypeOfEmailEvent } from "@/lib/webhooks/schemas";

export type EmailEventType =
  | "email.queued"
  | "email.scheduled"
  | "email.sent"
  | "email.delivered"
  | "email.deferred"
  | "email.opened"
  | "email.clicked"
  | "email.bounced"
  | "email.complaint"
  | "email.suppressed"
  | "email.cancelled"
  | "email.failed"
  // A received message replied to one of the email's recipients (In-Reply-To or References).
  | "email.replied";

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
 * in one statement whatever their number (the events, the email's lastEvent, the counters and
 * the read of the webhooks), then the fan-out's writes when a webhook wants one.
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
  return (await recordManyEmailEvents(tx, [options]))[0];
}

/**
 * The events of several emails and recipients (a delivery batch's outcomes) in the same one
 * statement as recordEmailEvents writes one recipient's: every group's events in order, each
 * email's lastEvent, the counters, the webhooks of the accounts concerned; then the fan-out of
 * the groups a webhook wants. One result per group, in order.
 */
export async function recordManyEmailEvents(
  tx: Tx,
  groups: {
    email: EventEmail;
    domain?: string | null;
    recipient?: { id: string; email: string } | null;
    events: { type: EmailEventType; data?: Record<string, unknown> }[];
  }[],
): Promise<EmailEvent[][]> {
  const written: EmailEvent[][] = groups.map(({ email, ...options }) =>
    options.events.map((item) => ({
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
    })),
  );
  const events = written.flat();
  if (!events.length) return written;
  // Test-run emails (automation test runs) leave analytics and webhooks untouched.
  const real = groups.flatMap((group, i) => (group.email.isTest ? [] : written[i]));
  const { counters, links } = eventCounterIncrements(real.map((event) => ({ ...event, data: event.data as Record<string, unknown> })));
  const carried = real.flatMap((e) => {
    const type = webhookTypeOfEmailEvent(e.type);
    return type ? [{ accountId: e.accountId, type }] : [];
  });
  // Each email's lastEvent is its last event written here.
  const lastEvents = new Map<string, string>();
  for (const event of events) lastEvents.set(event.emailId, event.type);
  const webhooks = await recordEmailEventsSql(tx, {
    events,
    lastEvents,
    updatedAt: new Date(),
    counters,
    links,
    webhookAccounts: [...new Set(carried.map((e) => e.accountId))],
    webhookTypes: [...new Set(carried.map((e) => e.type))],
  });
  for (const [i, group] of groups.entries()) {
    const subscribed = webhooks.filter((w) => w.accountId === group.email.accountId).map(({ id, events }) => ({ id, events }));
    await fanOutEvents(tx, written[i], group.email, subscribed);
  }
  return written;
}
