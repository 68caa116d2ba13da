import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AnalyticsQuery } from "./schemas";
import { resolveRange } from "./resolve-range";

/** GET /analytics/top-links: the most clicked URLs over the range. */
export async function getTopLinks(options: { accountId: string; query: AnalyticsQuery & { limit: number } }) {
  const { from, to, where } = resolveRange(options.accountId, options.query);
  const rows = await getDb().analyticsLinkCounter.groupBy({
    by: ["url"],
    where: where as Prisma.AnalyticsLinkCounterWhereInput,
    _sum: { clicks: true, uniqueClicks: true },
    orderBy: [{ _sum: { clicks: "desc" } }, { url: "asc" }],
    take: options.query.limit,
  });
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    data: rows.map((r) => ({ url: r.url, clicks: r._sum.clicks ?? 0, uniqueClicks: r._sum.uniqueClicks ?? 0 })),
  };
}
