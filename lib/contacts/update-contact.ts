import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { rethrowEmailConflict } from "./contact-conflict";
import { contactInclude, serializeContact } from "./serialize-contact";
import type { ContactProperties, UpdateContactBody } from "./schemas";
import { lockRow } from "@/lib/db/lock-row";
import { mergeContactProperties } from "./merge-contact-properties";
import { checkTypedProperties } from "@/lib/contact-properties/check-typed-properties";
import { fanOutContactEvents } from "./fan-out-contact-events";
import { endRuns } from "@/lib/automations/fan-out-run-events";

/**
 * Changes the fields given. Properties merge into the stored ones (a null value removes one);
 * the update is then evaluated against the account's active automations with the previous
 * properties, so property_changed sees the transition. `contact.updated` goes to the webhooks
 * that want it, in the same transaction.
 */
export async function updateContact(options: { accountId: string; id: string; input: UpdateContactBody }) {
  const { accountId, id, input } = options;
  try {
    const contact = await getDb().$transaction(async (tx) => {
      // Merging reads the stored properties: lock the row so two PATCHes cannot drop each other's keys.
      if (!(await lockRow(tx, "Contact", { id, accountId }))) throw notFound("contact");
      await checkTypedProperties(tx, accountId, input.properties);
      const current = await tx.contact.findUniqueOrThrow({ where: { id } });
      const previous = (current.properties ?? {}) as ContactProperties;
      const properties = input.properties ? mergeContactProperties(previous, input.properties) : undefined;
      const at = now();
      const subscribedChanged = input.subscribed !== undefined && input.subscribed !== current.subscribed;
      const row = await tx.contact.update({
        where: { id },
        data: {
          email: input.email,
          name: input.name === undefined ? undefined : input.name || null,
          properties,
          subscribed: input.subscribed,
          unsubscribedAt: subscribedChanged ? (input.subscribed ? null : at) : undefined,
          updatedAt: at,
        },
        include: contactInclude,
      });
      // Unsubscribing ends the contact's automations now, not only at their next step.
      if (subscribedChanged && input.subscribed === false) {
        await endRuns(
          tx,
          { contactId: id },
          { status: "cancelled", lastError: "contact unsubscribed", nextStepAt: null, updatedAt: at },
          at,
        );
      }
      await evaluateContactEvent(tx, { type: "updated", accountId, contact: row, previousProperties: previous });
      await fanOutContactEvents(tx, { accountId, at, changes: [{ type: "contact.updated", contact: row }] });
      return row;
    });
    return serializeContact(contact);
  } catch (error) {
    rethrowEmailConflict(error, input.email);
  }
}
