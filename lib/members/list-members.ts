import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { serializeMember } from "./serialize-member";

const INCLUDE = { user: { select: { email: true, name: true } } } as const;

/** The account's members, oldest first. */
export async function listMembers(options: { accountId: string; page: Pagination }) {
  const db = getDb();
  const where = { accountId: options.accountId };
  const [rows, total] = await Promise.all([
    db.membership.findMany({
      where,
      include: INCLUDE,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.membership.count({ where }),
  ]);
  return paginated(rows.map(serializeMember), total, options.page);
}
