import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contactInclude, serializeContact } from "./serialize-contact";
import type { ListContactsQuery } from "./schemas";
import { likeLiteral } from "@/lib/db/like-literal";

/** The account's contacts, newest first; `email` matches part of the address, `list` a list's name or id. */
export async function listContacts(options: { accountId: string; query: ListContactsQuery }) {
  const { limit, offset, email, list } = options.query;
  const db = getDb();
  const where: Prisma.ContactWhereInput = {
    accountId: options.accountId,
    ...(email ? { email: { contains: likeLiteral(email), mode: "insensitive" } } : {}),
    ...(list ? { memberships: { some: { list: { accountId: options.accountId, OR: [{ id: list }, { name: list }] } } } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.contact.findMany({ where, include: contactInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.contact.count({ where }),
  ]);
  return paginated(rows.map(serializeContact), total, { limit, offset });
}
