import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Deletes the contact with its list memberships and enrollments; sent emails stay. */
export async function deleteContact(options: { accountId: string; id: string }) {
  const { count } = await getDb().contact.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (!count) throw notFound("contact");
  return { id: options.id, deleted: true as const };
}
