import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";

export async function listSuppressions(options: { accountId: string; page: Pagination; email?: string }) {
  const db = getDb();
  const where = { accountId: options.accountId, ...(options.email ? { email: { contains: options.email } } : {}) };
  const [rows, total] = await Promise.all([
    db.suppression.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.suppression.count({ where }),
  ]);
  return paginated(
    rows.map((s) => ({ id: s.id, email: s.email, reason: s.reason, emailId: s.emailId, createdAt: s.createdAt.toISOString() })),
    total,
    options.page,
  );
}
