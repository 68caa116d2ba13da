import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";

/**
 * Deletes the list and its memberships; the contacts stay, and so do enrollments it started.
 * A list a filtered segment's filter names is kept (409 naming those segments): their filter
 * would stop compiling.
 */
export async function deleteList(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const db = getDb();
  const namedBy = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT name FROM "ContactList" WHERE "accountId" = $1 AND filter IS NOT NULL AND id <> $2 AND strpos(filter::text, $3) > 0 ORDER BY name LIMIT 5`,
    accountId,
    id,
    JSON.stringify(id),
  );
  if (namedBy.length) {
    const names = namedBy.map((r) => `"${r.name}"`).join(", ");
    throw new ApiError("conflict", `the filter of segment ${names} names this one: change that filter first`);
  }
  const { count } = await db.contactList.deleteMany({ where: { id, accountId } });
  if (!count) throw notFound("list");
  return { id, deleted: true as const };
}
