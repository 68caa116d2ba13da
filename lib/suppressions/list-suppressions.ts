import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { serializeSuppression } from "./serialize-suppression";
import { likeLiteral } from "@/lib/db/like-literal";

// LIKE's wildcards and its escape character, matched as themselves (Prisma's `contains` passes them through).

/** The account's suppressions, newest first; `search` matches any part of the address. */
export async function listSuppressions(options: { accountId: string; page: Pagination; search?: string }) {
  const db = getDb();
  const where = {
    accountId: options.accountId,
    ...(options.search ? { email: { contains: likeLiteral(options.search), mode: "insensitive" as const } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.suppression.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.suppression.count({ where }),
  ]);
  return paginated(rows.map(serializeSuppression), total, options.page);
}
