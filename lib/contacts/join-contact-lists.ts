import type { Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { contactInclude } from "./serialize-contact";
import { assertStaticList } from "@/lib/lists/assert-static-list";
import { confirmationSender } from "@/lib/lists/send-list-confirmation";
import { insertMembershipSql } from "@/lib/lists/insert-membership-sql";

/**
 * Adds a contact to lists by id (a new contact's `segments`): every id must be one of the
 * account's lists (a 400 naming the unknown ones, nothing joined). Each list joined fires its
 * list_join automations; a list the contact is already in is left alone. A double opt-in list
 * makes the contact pending instead: the caller sends its confirmation once this commits
 * (`pending`, with the sender checked here, before anything is stored).
 */
export async function joinContactLists(tx: Tx, o: { accountId: string; contactId: string; listIds: string[] }) {
  const ids = [...new Set(o.listIds)];
  const lists = await tx.contactList.findMany({
    where: { accountId: o.accountId, id: { in: ids } },
    select: { id: true, name: true, filter: true, doubleOptIn: true },
  });
  const unknown = ids.filter((id) => !lists.some((l) => l.id === id));
  if (unknown.length) {
    throw new ApiError(
      "validation_error",
      `segments: no segment ${unknown.join(", ")} in this account`,
      unknown.map((id) => ({ path: `segments.${o.listIds.indexOf(id)}.id`, message: `no segment ${id}` })),
    );
  }
  for (const list of lists) assertStaticList(list);
  const at = now();
  const joined: string[] = [];
  const pending: { id: string; name: string }[] = [];
  const from = lists.some((l) => l.doubleOptIn) ? await confirmationSender(tx, o.accountId) : null;
  for (const list of lists) {
    if (list.doubleOptIn) {
      if (await insertMembershipSql(tx, "pending", { listId: list.id, contactId: o.contactId, createdAt: at }))
        pending.push({ id: list.id, name: list.name });
      continue;
    }
    if (await insertMembershipSql(tx, "member", { listId: list.id, contactId: o.contactId, createdAt: at })) joined.push(list.name);
  }
  const contact = await tx.contact.findUniqueOrThrow({ where: { id: o.contactId }, include: contactInclude });
  for (const listName of joined) await evaluateContactEvent(tx, { type: "list_joined", accountId: o.accountId, contact, listName });
  return { contact, pending, from };
}
