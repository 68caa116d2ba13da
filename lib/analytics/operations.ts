import { defineOperation } from "@/lib/api/define-operation";
import { analyticsQuerySchema, timeseriesQuerySchema, topLinksQuerySchema } from "./schemas";
import { analyticsOverviewResponseSchema, analyticsTimeseriesResponseSchema, analyticsTopLinksResponseSchema } from "./response-schemas";

export const getAnalyticsOverviewOp = defineOperation({
  method: "GET",
  path: "/analytics/overview",
  id: "getAnalyticsOverview",
  summary: "Counts and rates",
  tag: "Analytics",
  query: analyticsQuerySchema,
  response: analyticsOverviewResponseSchema,
});

export const getAnalyticsTimeseriesOp = defineOperation({
  method: "GET",
  path: "/analytics/timeseries",
  id: "getAnalyticsTimeseries",
  summary: "Zero-filled buckets per day or hour",
  tag: "Analytics",
  query: timeseriesQuerySchema,
  response: analyticsTimeseriesResponseSchema,
});

export const getTopLinksOp = defineOperation({
  method: "GET",
  path: "/analytics/top-links",
  id: "getTopLinks",
  summary: "Most clicked URLs",
  tag: "Analytics",
  query: topLinksQuerySchema,
  response: analyticsTopLinksResponseSchema,
});
