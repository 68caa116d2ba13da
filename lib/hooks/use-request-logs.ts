import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListRequestLogsResponse } from "@/lib/request-logs/list-request-logs";
import type { RequestLogResponse, RequestLogSummaryResponse } from "@/lib/request-logs/serialize-request-log";
import { fetchApi } from "@/lib/ui/fetch-api";

export type RequestLogSummary = RequestLogSummaryResponse;
export type RequestLogDetail = RequestLogResponse;

export interface RequestLogFilters {
  /** A code (404) or a class (4xx). */
  status?: string;
  method?: string;
  /** Part of the path. */
  path?: string;
}

const logsKey = ["request-logs"] as const;

export function useRequestLogs(filters: RequestLogFilters, page: { limit: number; offset: number }) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return useQuery({
    queryKey: [...logsKey, "list", filters, page],
    queryFn: ({ signal }) => fetchApi<ListRequestLogsResponse>(`/api/v1/logs?${params}`, { signal }),
    placeholderData: keepPreviousData,
    // New requests keep arriving while an integration runs.
    refetchInterval: 10_000,
  });
}

export function useRequestLog(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...logsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<RequestLogDetail>(`/api/v1/logs/${encodeURIComponent(id)}`, { signal }),
    enabled,
    // A logged request never changes.
    staleTime: Infinity,
  });
}
