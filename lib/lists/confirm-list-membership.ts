import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import { verifyListConfirmToken } from "./list-confirm-token";
import { insertMembershipSql } from "./insert-membership-sql";

export type ConfirmResult = { status: "invalid" } | { status: "confirmed" | "already"; listName: string; email: string };

/**
 * Follows a confirmation link: the pending joiner becomes a member and the list's list_join
 * automations start, once (a second visit finds the membership and changes nothing). A link
 * whose list or contact is gone, or that was never sent (no pending row, no membership), is invalid.
 */
export async function confirmListMembership(token: string): Promise<ConfirmResult> {
  const target = verifyListConfirmToken(token);
  if (!target) return { status: "invalid" };
  return getDb().$transaction(async (tx) => {
    const list = await tx.contactList.findUnique({ where: { id: target.listId }, select: { id: true, name: true, accountId: true } });
    const contact = await tx.contact.findUnique({ where: { id: target.contactId } });
    if (!list || !contact || contact.accountId !== list.accountId) return { status: "invalid" as const };
    const { count: wasPending } = await tx.pendingListMembership.deleteMany({ where: { listId: list.id, contactId: contact.id } });
    if (!wasPending) {
      const member = await tx.listMembership.findUnique({ where: { listId_contactId: { listId: list.id, contactId: contact.id } } });
      return member ? { status: "already" as const, listName: list.name, email: contact.email } : { status: "invalid" as const };
    }
    const joined = await insertMembershipSql(tx, "member", { listId: list.id, contactId: contact.id, createdAt: now() });
    if (joined) await evaluateContactEvent(tx, { type: "list_joined", accountId: list.accountId, contact, listName: list.name });
    return { status: "confirmed" as const, listName: list.name, email: contact.email };
  });
}
