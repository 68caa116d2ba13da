import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { serializeDomain } from "./serialize-domain";

/** The account's domains, newest first, without each one's full diagnosis. */
export async function listDomains(options: { accountId: string; page: Pagination }) {
  const db = getDb();
  const where = { accountId: options.accountId };
  const [rows, total] = await Promise.all([
    db.domain.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.domain.count({ where }),
  ]);
  return paginated(
    rows.map((row) => serializeDomain(row, { withCheck: false })),
    total,
    options.page,
  );
}
