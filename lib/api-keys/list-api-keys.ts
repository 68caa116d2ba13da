import { getDb } from "@/lib/db/client";
import type { Pagination } from "@/lib/api/pagination";
import { paginated } from "@/lib/api/pagination";
import { serializeApiKey } from "./serialize-api-key";

export async function listApiKeys(options: { accountId: string; page: Pagination }) {
  const db = getDb();
  const where = { accountId: options.accountId };
  const [rows, total] = await Promise.all([
    db.apiKey.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.apiKey.count({ where }),
  ]);
  return paginated(rows.map(serializeApiKey), total, options.page);
}
