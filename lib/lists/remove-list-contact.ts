import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { assertStaticList } from "./assert-static-list";

/** Removes a contact from a list (404 when it is not a member); enrollments already started go on. */
export async function removeListContact(options: { accountId: string; listId: string; contactId: string }) {
  const { accountId, listId, contactId } = options;
  const list = await getDb().contactList.findFirst({ where: { id: listId, accountId }, select: { name: true, filter: true } });
  if (!list) throw notFound("list");
  assertStaticList(list);
  const { count } = await getDb().listMembership.deleteMany({
    where: { listId, contactId, list: { accountId }, contact: { accountId } },
  });
  if (!count) throw notFound("list membership");
  return { listId, contactId, removed: true as const };
}
