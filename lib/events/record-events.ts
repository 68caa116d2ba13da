import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import type { ApiError } from "@/lib/api/errors";
import type { Contact } from "@/lib/generated/prisma/client";
import { activeAutomations, evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { deliverEventsToRuns } from "@/lib/automations/journeys/deliver-events-to-runs";
import type { ContactProperties } from "@/lib/contacts/schemas";
import { mergeContactProperties } from "@/lib/contacts/merge-contact-properties";
import { fanOutContactEvents, type ContactEventType } from "@/lib/contacts/fan-out-contact-events";
import { declaredPropertyTypes, typedPropertiesError } from "@/lib/contact-properties/check-typed-properties";
import { eventPayloadError, eventSchemas } from "./event-definitions";
import { insertContactEventsSql, insertNewContactsSql, lockContactsSql } from "./record-events-sql";
import type { RecordEventBody } from "./schemas";

export interface EventToRecord {
  input: RecordEventBody;
  /** What the caller's body calls the properties, for the 400 of a payload its event's schema refuses. */
  payloadField: "properties" | "payload";
}

export interface RecordedEvent {
  id: string;
  contactId: string;
  /** Runs the event started. */
  enrollments: number;
}

export type EventOutcome = { ok: true; value: RecordedEvent } | { ok: false; error: ApiError };

/**
 * Records events of one account together, each as POST /events describes one: its properties
 * checked against its name's declared schema and the declared property types (a 400 for that
 * event alone), its contact upserted by address with the properties merged into its own (a
 * contact event like any create or update, so property triggers run and `contact.created` or
 * `contact.updated` webhooks fan out), the event row stored, the runs whose goal it is ended
 * and the runs waiting for it resumed, then the automations it triggers started (once per
 * contact per automation). Goals and waits come before triggers: a run the event converts or
 * resumes is not one it starts.
 *
 * One transaction and a fixed number of statements for the whole group (plus one per contact
 * whose properties change or that a trigger enrolls). Each address appears at most once in
 * `events`; the contacts are created and locked in address order, so two groups sharing
 * addresses wait for each other instead of deadlocking.
 */
export async function recordEvents(accountId: string, events: EventToRecord[]): Promise<EventOutcome[]> {
  return getDb().$transaction(async (tx) => {
    const outcomes: EventOutcome[] = new Array(events.length);
    const schemas = await eventSchemas(tx, accountId, [...new Set(events.map((e) => e.input.name))]);
    const types = await declaredPropertyTypes(tx, accountId, [...new Set(events.flatMap((e) => Object.keys(e.input.properties ?? {})))]);
    const valid = events.flatMap((event, index) => {
      const properties = event.input.properties ?? {};
      const error =
        eventPayloadError(schemas, { name: event.input.name, payload: properties, field: event.payloadField }) ??
        typedPropertiesError(types, properties);
      if (error) outcomes[index] = { ok: false, error };
      return error ? [] : [{ index, email: event.input.email, name: event.input.name, properties }];
    });
    if (!valid.length) return outcomes;
    valid.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));

    const at = now();
    const createdEmails = await insertNewContactsSql(
      tx,
      valid.map((e) => ({ id: newId("con"), accountId, email: e.email, properties: e.properties, createdAt: at, updatedAt: at })),
    );
    // Merging reads the stored properties: the rows are locked, as a PATCH locks its one.
    const contacts = new Map(
      (
        await lockContactsSql(
          tx,
          accountId,
          valid.map((e) => e.email),
        )
      ).map((c) => [c.email, c]),
    );
    const active = await activeAutomations(tx, accountId);

    const changes: { type: ContactEventType; contact: Contact }[] = [];
    const eventContacts = new Map<number, Contact>();
    for (const event of valid) {
      let contact = contacts.get(event.email)!;
      if (createdEmails.has(event.email)) {
        await evaluateContactEvent(tx, { type: "created", accountId, contact }, { active });
        changes.push({ type: "contact.created", contact });
      } else if (Object.keys(event.properties).length) {
        const previous = (contact.properties ?? {}) as ContactProperties;
        const merged = mergeContactProperties(previous, event.properties);
        contact = await tx.contact.update({ where: { id: contact.id }, data: { properties: merged, updatedAt: at } });
        await evaluateContactEvent(tx, { type: "updated", accountId, contact, previousProperties: previous }, { active });
        changes.push({ type: "contact.updated", contact });
      }
      eventContacts.set(event.index, contact);
    }
    await fanOutContactEvents(tx, { accountId, at, changes });

    const rows = valid.map((e) => ({
      id: newId("cev"),
      accountId,
      contactId: eventContacts.get(e.index)!.id,
      name: e.name,
      properties: e.properties,
      createdAt: at,
    }));
    await insertContactEventsSql(tx, rows);
    await deliverEventsToRuns(tx, { accountId, events: rows.map((r) => ({ contactId: r.contactId, name: r.name })) });
    for (const [i, event] of valid.entries()) {
      const contact = eventContacts.get(event.index)!;
      const enrollments = await evaluateContactEvent(
        tx,
        { type: "event", accountId, contact, name: event.name, properties: event.properties },
        { active },
      );
      outcomes[event.index] = { ok: true, value: { id: rows[i].id, contactId: contact.id, enrollments: enrollments.length } };
    }
    return outcomes;
  });
}
