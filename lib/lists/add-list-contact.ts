import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { notFound } from "@/lib/api/errors";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { serializeContact } from "@/lib/contacts/serialize-contact";
import { checkTypedProperties } from "@/lib/contact-properties/check-typed-properties";
import { fanOutContactEvents } from "@/lib/contacts/fan-out-contact-events";
import type { AddListContactBody } from "./schemas";
import { assertStaticList } from "./assert-static-list";
import { confirmationSender, sendListConfirmation } from "./send-list-confirmation";
import { insertMembershipSql } from "./insert-membership-sql";

/**
 * Adds a contact to a list: an existing one by id, or by address (created when new, which is
 * itself a contact event, `contact.created` for webhooks too). Joining fires the list_join automations; adding a member again is a
 * no-op (`added: false`). Inserts are ON CONFLICT DO NOTHING so a race never aborts the transaction.
 * A double opt-in list makes a new joiner pending and sends them the confirmation email once
 * this commits (`pending: true`); they join, and list_join fires, when they follow its link.
 */
export async function addListContact(options: { accountId: string; listId: string; input: AddListContactBody }) {
  const { accountId, listId, input } = options;
  const result = await getDb().$transaction(async (tx) => {
    const list = await tx.contactList.findFirst({ where: { id: listId, accountId } });
    if (!list) throw notFound("list");
    assertStaticList(list);
    const from = list.doubleOptIn ? await confirmationSender(tx, accountId) : null;
    const at = now();
    let contactId: string;
    if ("contactId" in input) {
      contactId = (await getContactOrThrow({ accountId, id: input.contactId, db: tx })).id;
    } else {
      await checkTypedProperties(tx, accountId, input.properties);
      const id = newId("con");
      const { count } = await tx.contact.createMany({
        data: [
          { id, accountId, email: input.email, name: input.name || null, properties: input.properties ?? {}, createdAt: at, updatedAt: at },
        ],
        skipDuplicates: true,
      });
      const contact = await tx.contact.findUniqueOrThrow({ where: { accountId_email: { accountId, email: input.email } } });
      contactId = contact.id;
      if (count) {
        await evaluateContactEvent(tx, { type: "created", accountId, contact });
        await fanOutContactEvents(tx, { accountId, at, changes: [{ type: "contact.created", contact }] });
      }
    }
    if (from) {
      const member = await tx.listMembership.findUnique({ where: { listId_contactId: { listId, contactId } }, select: { listId: true } });
      const contact = await getContactOrThrow({ accountId, id: contactId, db: tx });
      if (member) return { added: false, contact: serializeContact(contact), confirm: null };
      const added = await insertMembershipSql(tx, "pending", { listId, contactId, createdAt: at });
      // A joiner already pending is not emailed again: a repeated form post must not flood an inbox.
      return { added: false, pending: true, contact: serializeContact(contact), confirm: added ? { from, list } : null };
    }
    const joined = await insertMembershipSql(tx, "member", { listId, contactId, createdAt: at });
    const contact = await getContactOrThrow({ accountId, id: contactId, db: tx });
    if (joined) await evaluateContactEvent(tx, { type: "list_joined", accountId, contact, listName: list.name });
    return { added: joined, contact: serializeContact(contact), confirm: null };
  });
  const { confirm, ...answer } = result;
  if (confirm) await sendListConfirmation({ accountId, from: confirm.from, list: confirm.list, contact: result.contact });
  return answer;
}
