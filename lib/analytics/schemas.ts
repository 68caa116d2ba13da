import { z } from "zod";

// from/to: ISO dates or date-times; default the last 30 days up to now. Counters are hourly,
// so ranges are read at hour precision.
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: "must be an ISO 8601 date or date-time" });

export const analyticsQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  automation_id: z.string().min(1).optional(),
  domain: z.string().trim().toLowerCase().min(1).optional(),
});

export const timeseriesQuerySchema = analyticsQuerySchema.extend({
  interval: z.enum(["day", "hour"]).default("day"),
});

export const topLinksQuerySchema = analyticsQuerySchema.extend({
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional()
    .default(10),
});

export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
