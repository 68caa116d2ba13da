import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { serializeImage } from "./serialize-image";

/** The account's images, newest first, without their bytes. */
export async function listImages(options: { accountId: string; query: Pagination }) {
  const db = getDb();
  const where = { accountId: options.accountId };
  const [rows, total] = await Promise.all([
    db.image.findMany({
      where,
      omit: { data: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.query.limit,
      skip: options.query.offset,
    }),
    db.image.count({ where }),
  ]);
  return paginated(rows.map(serializeImage), total, options.query);
}
