import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { rethrowEmailConflict } from "./contact-conflict";
import { contactInclude, serializeContact } from "./serialize-contact";
import type { CreateContactBody } from "./schemas";

/** Stores a contact (409 on a duplicate email) and runs the automations its creation triggers. */
export async function createContact(options: { accountId: string; input: CreateContactBody }) {
  const { accountId, input } = options;
  const at = now();
  try {
    const contact = await getDb().$transaction(async (tx) => {
      const row = await tx.contact.create({
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
      await evaluateContactEvent(tx, { type: "created", accountId, contact: row });
      return row;
    });
    return serializeContact(contact);
  } catch (error) {
    rethrowEmailConflict(error, input.email);
  }
}
