import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AnalyticsQuery } from "./schemas";

const DAY = 86_400_000;
const MAX_RANGE_DAYS = 400;

/** The [from, to) range and the counter filter of an analytics query; bad ranges are 400s. */
export function resolveRange(
  accountId: string,
  query: AnalyticsQuery,
  options: { maxBuckets?: { hours: number }; defaultDays?: number } = {},
) {
  const to = query.to ? new Date(query.to) : now();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - (options.defaultDays ?? 30) * DAY);
  if (from >= to) throw new ApiError("validation_error", "from must be before to", [{ path: "from", message: "must be before to" }]);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) {
    throw new ApiError("validation_error", `the range is longer than ${MAX_RANGE_DAYS} days`, [
      { path: "from", message: "range too long" },
    ]);
  }
  if (options.maxBuckets && to.getTime() - from.getTime() > options.maxBuckets.hours * 3_600_000) {
    const days = options.maxBuckets.hours / 24;
    throw new ApiError("validation_error", `interval=hour covers at most ${days} days; use interval=day or a shorter range`, [
      { path: "interval", message: `hourly buckets cover at most ${days} days` },
    ]);
  }
  const where: Prisma.AnalyticsCounterWhereInput = { accountId, bucket: { gte: floorHour(from), lt: to } };
  if (query.automation_id) where.automationId = query.automation_id;
  if (query.domain) where.domain = query.domain;
  return { from, to, where };
}

function floorHour(d: Date) {
  const out = new Date(d);
  out.setUTCMinutes(0, 0, 0);
  return out;
}
