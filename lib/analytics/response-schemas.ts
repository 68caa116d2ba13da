import { z } from "zod";
import { timestamp } from "@/lib/openapi/common";

const count = z.number().int().min(0);
const rate = z.number().min(0).meta({ description: "A fraction between 0 and 1, 4 decimals." });

export const analyticsOverviewResponseSchema = z
  .object({
    from: timestamp,
    to: timestamp,
    sent: count,
    delivered: count,
    opened: z.object({ total: count, unique: count }),
    clicked: z.object({ total: count, unique: count }),
    bounced: count,
    complained: count,
    rates: z.object({ delivered: rate, opened: rate, clicked: rate, bounced: rate, complained: rate }),
  })
  .meta({ id: "AnalyticsOverview" });

export const analyticsTimeseriesResponseSchema = z.object({
  interval: z.enum(["day", "hour"]),
  from: timestamp,
  to: timestamp,
  data: z.array(
    z.object({
      date: timestamp,
      sent: count,
      delivered: count,
      opened: count,
      uniqueOpened: count,
      clicked: count,
      uniqueClicked: count,
      bounced: count,
      complained: count,
    }),
  ),
});

export const analyticsTopLinksResponseSchema = z.object({
  from: timestamp,
  to: timestamp,
  data: z.array(z.object({ url: z.string(), clicks: count, uniqueClicks: count })),
});
