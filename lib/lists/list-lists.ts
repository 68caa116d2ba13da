import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import { Prisma } from "@/lib/generated/prisma/client";
import { listInclude, serializeList } from "./serialize-list";
import type { ListListsQuery } from "./schemas";
import { likeLiteral } from "@/lib/db/like-literal";

/**
 * The account's lists, newest first; `search` matches part of the name, any case. Filtered
 * segments are left out: nobody is added to them (GET /segments shows them).
 */
export async function listLists(options: { accountId: string; query: ListListsQuery }) {
  const { limit, offset, search } = options.query;
  const db = getDb();
  const where: Prisma.ContactListWhereInput = {
    accountId: options.accountId,
    filter: { equals: Prisma.DbNull },
    ...(search ? { name: { contains: likeLiteral(search), mode: "insensitive" } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.contactList.findMany({ where, include: listInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.contactList.count({ where }),
  ]);
  return paginated(rows.map(serializeList), total, { limit, offset });
}
