import { getDb } from "@/lib/db/client";
import type { AnalyticsQuery } from "./schemas";
import { resolveRange } from "./resolve-range";

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0);

export function countsWithRates(c: {
  sent: number;
  delivered: number;
  opened: number;
  uniqueOpened: number;
  clicked: number;
  uniqueClicked: number;
  bounced: number;
  complained: number;
}) {
  return {
    sent: c.sent,
    delivered: c.delivered,
    opened: { total: c.opened, unique: c.uniqueOpened },
    clicked: { total: c.clicked, unique: c.uniqueClicked },
    bounced: c.bounced,
    complained: c.complained,
    rates: {
      delivered: rate(c.delivered, c.sent),
      opened: rate(c.uniqueOpened, c.delivered),
      clicked: rate(c.uniqueClicked, c.delivered),
      bounced: rate(c.bounced, c.sent),
      complained: rate(c.complained, c.delivered),
    },
  };
}

/** GET /analytics/overview: counts and rates over the range, summed from hourly counters. */
export async function getOverview(options: { accountId: string; query: AnalyticsQuery }) {
  const { from, to, where } = resolveRange(options.accountId, options.query);
  const sums = await getDb().analyticsCounter.aggregate({
    where,
    _sum: {
      sent: true,
      delivered: true,
      opened: true,
      uniqueOpened: true,
      clicked: true,
      uniqueClicked: true,
      bounced: true,
      complained: true,
    },
  });
  const s = sums._sum;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    ...countsWithRates({
      sent: s.sent ?? 0,
      delivered: s.delivered ?? 0,
      opened: s.opened ?? 0,
      uniqueOpened: s.uniqueOpened ?? 0,
      clicked: s.clicked ?? 0,
      uniqueClicked: s.uniqueClicked ?? 0,
      bounced: s.bounced ?? 0,
      complained: s.complained ?? 0,
    }),
  };
}
