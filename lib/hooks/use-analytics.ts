import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import { fetchApi } from "@/lib/ui/fetch-api";

/** The filters every analytics endpoint takes; from/to are ISO date-times. */
export interface AnalyticsFilters {
  from: string;
  to: string;
  automationId?: string;
  domain?: string;
}

export interface AnalyticsRates {
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
}

/** GET /analytics/overview */
export interface AnalyticsOverview {
  from: string;
  to: string;
  sent: number;
  delivered: number;
  opened: { total: number; unique: number };
  clicked: { total: number; unique: number };
  bounced: number;
  complained: number;
  rates: AnalyticsRates;
}

export interface TimeseriesPoint {
  date: string;
  sent: number;
  delivered: number;
  opened: number;
  uniqueOpened: number;
  clicked: number;
  uniqueClicked: number;
  bounced: number;
  complained: number;
}

export type AnalyticsInterval = "day" | "hour";

export interface TopLink {
  url: string;
  clicks: number;
  uniqueClicks: number;
}

/** An automation as the filter needs it; the full shape belongs to the automations pages. */
export interface AutomationOption {
  id: string;
  name: string;
}

const analyticsKey = ["analytics"] as const;

function params(filters: AnalyticsFilters, extra: Record<string, string> = {}) {
  const search = new URLSearchParams({ from: filters.from, to: filters.to, ...extra });
  if (filters.automationId) search.set("automation_id", filters.automationId);
  if (filters.domain) search.set("domain", filters.domain);
  return search;
}

export function useAnalyticsOverview(filters: AnalyticsFilters | null) {
  return useQuery({
    queryKey: [...analyticsKey, "overview", filters],
    queryFn: ({ signal }) => fetchApi<AnalyticsOverview>(`/api/v1/analytics/overview?${params(filters!)}`, { signal }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsTimeseries(filters: AnalyticsFilters | null, interval: AnalyticsInterval) {
  return useQuery({
    queryKey: [...analyticsKey, "timeseries", filters, interval],
    queryFn: ({ signal }) =>
      fetchApi<{ interval: AnalyticsInterval; data: TimeseriesPoint[] }>(`/api/v1/analytics/timeseries?${params(filters!, { interval })}`, {
        signal,
      }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTopLinks(filters: AnalyticsFilters | null, limit = 10) {
  return useQuery({
    queryKey: [...analyticsKey, "top-links", filters, limit],
    queryFn: ({ signal }) =>
      fetchApi<{ data: TopLink[] }>(`/api/v1/analytics/top-links?${params(filters!, { limit: String(limit) })}`, { signal }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

// The automation filter needs names only; the first 100 cover the accounts we know of.
export function useAutomationOptions() {
  return useQuery({
    queryKey: [...analyticsKey, "automation-options"],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<AutomationOption>>("/api/v1/automations?limit=100", { signal }),
    select: (list) => list.data.map(({ id, name }) => ({ id, name })),
  });
}
