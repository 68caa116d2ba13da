import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { fanOutContactEvents } from "@/lib/contacts/fan-out-contact-events";
import { verifyUnsubscribeToken } from "./unsubscribe-token";
import { endRuns } from "./fan-out-run-events";

export type UnsubscribeResult = { status: "unsubscribed"; email: string } | { status: "invalid" };

/**
 * The one-click unsubscribe behind /u/<token> (RFC 8058): the contact stops receiving automation
 * emails (subscribed false) and its active enrollments are cancelled; the change is a
 * `contact.updated` for webhooks. Idempotent: unsubscribing again changes nothing and tells nobody.
 */
export async function unsubscribeContact(token: string): Promise<UnsubscribeResult> {
  const target = verifyUnsubscribeToken(token);
  if (!target) return { status: "invalid" };
  const at = now();
  return getDb().$transaction(async (tx) => {
    const contact = await tx.contact.findUnique({
      where: { id: target.contactId },
      select: { id: true, accountId: true, email: true, subscribed: true },
    });
    if (!contact) return { status: "invalid" as const };
    if (contact.subscribed) {
      const row = await tx.contact.update({ where: { id: contact.id }, data: { subscribed: false, unsubscribedAt: at, updatedAt: at } });
      await fanOutContactEvents(tx, { accountId: contact.accountId, at, changes: [{ type: "contact.updated", contact: row }] });
      // Counted once, on the change, for the broadcast whose email carried the link.
      if (target.broadcastId) {
        await tx.broadcast.updateMany({
          where: { id: target.broadcastId, accountId: contact.accountId },
          data: { unsubscribed: { increment: 1 } },
        });
      }
    }
    await endRuns(
      tx,
      { contactId: contact.id },
      { status: "cancelled", lastError: "contact unsubscribed", nextStepAt: null, updatedAt: at },
      at,
    );
    return { status: "unsubscribed" as const, email: contact.email };
  });
}
