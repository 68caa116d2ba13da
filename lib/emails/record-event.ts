import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { Prisma, type Email, type EmailEvent } from "@/lib/generated/prisma/client";
import { fanOutEvents } from "@/lib/webhooks/fan-out-event";
import { eventCountersSql } from "@/lib/analytics/record-event-counters";
import { isWebhookEventType } from "@/lib/webhooks/schemas";

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
  | "email.failed";

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
  // One statement: the events, the email's lastEvent, the counters (test-run emails, from
  // automation test runs, leave analytics untouched) and the webhooks that want any of them.
  const counters = email.isTest
    ? { counters: null, links: [] }
    : eventCountersSql(events.map((event) => ({ ...event, data: event.data as Record<string, unknown> })));
  const carried = email.isTest ? [] : [...new Set(events.map((e) => e.type).filter(isWebhookEventType))];
  const values = events.map(
    (e) =>
      Prisma.sql`(${e.id}, ${e.accountId}, ${e.emailId}, ${e.recipientId}, ${e.recipient}, ${e.type}, ${JSON.stringify(e.data)}::jsonb, ${JSON.stringify(e.tags)}::jsonb, ${e.automationId}, ${e.domain}, ${e.createdAt})`,
  );
  const webhooks = await tx.$queryRaw<{ id: string; events: string[] }[]>`
    WITH inserted AS (
      INSERT INTO "EmailEvent" ("id", "accountId", "emailId", "recipientId", "recipient", "type", "data", "tags", "automationId", "domain", "createdAt")
      VALUES ${Prisma.join(values)}
    ), last_event AS (
      UPDATE "Email" SET "lastEvent" = ${events[events.length - 1].type}, "updatedAt" = ${new Date()} WHERE "id" = ${email.id}
    )${counters.counters ? Prisma.sql`, counted AS (${counters.counters})` : Prisma.empty}
    SELECT "id", "events" FROM "Webhook"
    WHERE ${carried.length ? Prisma.sql`"accountId" = ${email.accountId} AND "status" = 'active' AND "events" && ${carried}::text[]` : Prisma.sql`false`}`;
  for (const link of counters.links) await tx.$executeRaw(link);
  await fanOutEvents(tx, events, email, webhooks);
  return events;
}
