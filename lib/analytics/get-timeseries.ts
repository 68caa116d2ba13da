import { getDb } from "@/lib/db/client";
import type { AnalyticsQuery } from "./schemas";
import { resolveRange } from "./resolve-range";

const HOUR = 3_600_000;
const FIELDS = ["sent", "delivered", "opened", "uniqueOpened", "clicked", "uniqueClicked", "bounced", "complained"] as const;
type Point = Record<(typeof FIELDS)[number], number>;

function bucketStart(d: Date, interval: "day" | "hour") {
  const out = new Date(d);
  if (interval === "day") out.setUTCHours(0, 0, 0, 0);
  else out.setUTCMinutes(0, 0, 0);
  return out;
}

// Hourly buckets over at most a week: longer ranges are read per day.
export const MAX_HOURLY_DAYS = 7;

/** GET /analytics/timeseries: one zero-filled point per UTC day or hour of the range. */
export async function getTimeseries(options: { accountId: string; query: AnalyticsQuery & { interval: "day" | "hour" } }) {
  const { interval } = options.query;
  const { from, to, where } = resolveRange(
    options.accountId,
    options.query,
    interval === "hour" ? { maxBuckets: { hours: 24 * MAX_HOURLY_DAYS }, defaultDays: MAX_HOURLY_DAYS } : {},
  );
  const rows = await getDb().analyticsCounter.findMany({ where });
  const step = interval === "day" ? 24 * HOUR : HOUR;
  const points = new Map<number, Point>();
  for (let t = bucketStart(from, interval).getTime(); t < to.getTime(); t += step) {
    points.set(t, Object.fromEntries(FIELDS.map((f) => [f, 0])) as Point);
  }
  for (const row of rows) {
    const point = points.get(bucketStart(row.bucket, interval).getTime());
    if (point) for (const f of FIELDS) point[f] += row[f];
  }
  return {
    interval,
    from: from.toISOString(),
    to: to.toISOString(),
    data: [...points.entries()].map(([t, p]) => ({ date: new Date(t).toISOString(), ...p })),
  };
}
