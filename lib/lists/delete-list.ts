import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Deletes the list and its memberships; the contacts stay, and so do enrollments it started. */
export async function deleteList(options: { accountId: string; id: string }) {
  const { count } = await getDb().contactList.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (!count) throw notFound("list");
  return { id: options.id, deleted: true as const };
}
