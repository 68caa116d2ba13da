import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import type { Email } from "@/lib/generated/prisma/client";
import { fanOutEvent } from "@/lib/webhooks/fan-out-event";
import { recordEventCounters } from "@/lib/analytics/record-event-counters";

export type EmailEventType =
  | "email.queued" | "email.scheduled" | "email.sent" | "email.delivered" | "email.deferred" | "email.opened"
  | "email.clicked" | "email.bounced" | "email.complaint" | "email.suppressed" | "email.cancelled" | "email.failed";

/**
 * The one place an email event is written (per recipient, with the email's tags so
 * automation_id filtering works). Webhook fan-out and analytics counters hang off this.
 */
export async function recordEmailEvent(
  tx: Tx,
  options: {
    email: Pick<Email, "id" | "accountId" | "tags" | "automationId" | "from" | "subject" | "isTest">;
    domain?: string | null;
    recipient?: { id: string; email: string } | null;
    type: EmailEventType;
    data?: Record<string, unknown>;
  },
) {
  const { email } = options;
  const event = await tx.emailEvent.create({
    data: {
      id: newId("evt"),
      accountId: email.accountId,
      emailId: email.id,
      recipientId: options.recipient?.id ?? null,
      recipient: options.recipient?.email ?? null,
      type: options.type,
      data: (options.data ?? {}) as object,
      tags: email.tags ?? [],
      automationId: email.automationId,
      domain: options.domain ?? null,
      createdAt: now(),
    },
  });
  await tx.email.update({ where: { id: email.id }, data: { lastEvent: options.type } });
  // Test-run emails (automation test runs) leave analytics untouched.
  if (!email.isTest) {
    await recordEventCounters(tx, { ...event, data: event.data as Record<string, unknown> });
  }
  await fanOutEvent(tx, event, email);
  return event;
}
