import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import type { ContactProperties } from "@/lib/contacts/schemas";
import { mergeContactProperties } from "@/lib/contacts/merge-contact-properties";
import type { RecordEventBody } from "./schemas";
import { lockRow } from "@/lib/db/lock-row";
import { checkTypedProperties } from "@/lib/contact-properties/check-typed-properties";
import { deliverEventToRuns } from "@/lib/automations/journeys/deliver-event-to-runs";
import { fanOutContactEvents } from "@/lib/contacts/fan-out-contact-events";
import { assertEventPayload } from "./event-definitions";

/**
 * POST /events: checks the properties against the schema declared for the event's name (a 400
 * naming the key), upserts the contact by address with the event's properties merged into its
 * own (a contact event like any create or update, so property triggers run), records the event
 * on the contact, and starts every active automation triggered by the event's name (once per
 * contact per automation), ends the runs whose goal it is and resumes the runs waiting for it.
 * One transaction: the event, the contact change and the enrollments exist together or not at
 * all, with the contact's `contact.created` or `contact.updated` webhook deliveries.
 */
export async function recordEvent(options: {
  accountId: string;
  input: RecordEventBody;
  // What the caller's body calls the properties, for the 400 of a payload its event's schema refuses.
  payloadField?: "properties" | "payload";
}) {
  const { accountId, input } = options;
  const properties = input.properties ?? {};
  return getDb().$transaction(async (tx) => {
    await assertEventPayload(tx, { accountId, name: input.name, payload: properties, field: options.payloadField ?? "properties" });
    await checkTypedProperties(tx, accountId, properties);
    const at = now();
    const id = newId("con");
    const { count: created } = await tx.contact.createMany({
      data: [{ id, accountId, email: input.email, properties, createdAt: at, updatedAt: at }],
      skipDuplicates: true,
    });
    // Merging reads the stored properties: lock the row, as a PATCH does.
    await lockRow(tx, "Contact", { accountId, email: input.email });
    let contact = await tx.contact.findUniqueOrThrow({ where: { accountId_email: { accountId, email: input.email } } });
    if (created) {
      await evaluateContactEvent(tx, { type: "created", accountId, contact });
      await fanOutContactEvents(tx, { accountId, at, changes: [{ type: "contact.created", contact }] });
    } else if (Object.keys(properties).length) {
      const previous = (contact.properties ?? {}) as ContactProperties;
      const merged = mergeContactProperties(previous, properties);
      contact = await tx.contact.update({ where: { id: contact.id }, data: { properties: merged, updatedAt: at } });
      await evaluateContactEvent(tx, { type: "updated", accountId, contact, previousProperties: previous });
      await fanOutContactEvents(tx, { accountId, at, changes: [{ type: "contact.updated", contact }] });
    }
    const event = await tx.contactEvent.create({
      data: { id: newId("cev"), accountId, contactId: contact.id, name: input.name, properties, createdAt: at },
    });
    // Goals and waits first: a run the event converts or resumes is not one it starts.
    await deliverEventToRuns(tx, { accountId, contactId: contact.id, name: input.name });
    const enrollments = await evaluateContactEvent(tx, { type: "event", accountId, contact, name: input.name, properties });
    return { id: event.id, contactId: contact.id, enrollments: enrollments.length };
  });
}
