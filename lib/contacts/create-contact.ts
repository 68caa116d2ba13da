import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { setContactTopics } from "@/lib/topics/set-contact-topics";
import { checkTypedProperties } from "@/lib/contact-properties/check-typed-properties";
import { rethrowEmailConflict } from "./contact-conflict";
import { contactInclude, serializeContact } from "./serialize-contact";
import { joinContactLists } from "./join-contact-lists";
import { fanOutContactEvents } from "./fan-out-contact-events";
import type { CreateContactBody } from "./schemas";
import { sendListConfirmation } from "@/lib/lists/send-list-confirmation";

/**
 * Stores a contact (409 on a duplicate email) with its topic choices and the lists (`segments`)
 * it joins, then runs the automations its creation and each join trigger; `contact.created`
 * goes to the webhooks that want it, in the same transaction.
 */
export async function createContact(options: { accountId: string; input: CreateContactBody }) {
  const { accountId, input } = options;
  const at = now();
  try {
    let confirmations: { from: string | null; pending: { id: string; name: string }[] } = { from: null, pending: [] };
    const contact = await getDb().$transaction(async (tx) => {
      await checkTypedProperties(tx, accountId, input.properties);
      let row = await tx.contact.create({
        data: {
          id: newId("con"),
          accountId,
          email: input.email,
          name: input.name || null,
          properties: input.properties ?? {},
          subscribed: input.subscribed ?? true,
          unsubscribedAt: input.subscribed === false ? at : null,
          createdAt: at,
          updatedAt: at,
        },
        include: contactInclude,
      });
      if (input.topics?.length) await setContactTopics(tx, { accountId, contactId: row.id, choices: input.topics });
      await evaluateContactEvent(tx, { type: "created", accountId, contact: row });
      if (input.segments?.length) {
        const joined = await joinContactLists(tx, { accountId, contactId: row.id, listIds: input.segments.map((s) => s.id) });
        row = joined.contact;
        confirmations = joined;
      }
      await fanOutContactEvents(tx, { accountId, at, changes: [{ type: "contact.created", contact: row }] });
      return row;
    });
    // Double opt-in lists: their confirmation emails, once the contact exists.
    for (const list of confirmations.pending) {
      await sendListConfirmation({ accountId, from: confirmations.from!, list, contact });
    }
    return serializeContact(contact);
  } catch (error) {
    rethrowEmailConflict(error, input.email);
  }
}
