import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchApi } from "@/lib/ui/fetch-api";

export interface AuditEntry {
  id: string;
  seq: number;
  createdAt: string;
  actor: { type: "member" | "api_key" | "system"; id: string; label: string | null };
  action: string;
  target: { type: string; id: string | null };
  ipAddress: string | null;
  summary: unknown;
  hash: string;
}

interface AuditPage {
  data: AuditEntry[];
  pagination: { limit: number; offset: number; total: number; hasMore: boolean };
}

export function useAuditLog(filters: { limit: number; offset: number; action: string; actor: string }) {
  const params = new URLSearchParams({ limit: String(filters.limit), offset: String(filters.offset) });
  if (filters.action) params.set("action", filters.action);
  if (filters.actor) params.set("actor", filters.actor);
  return useQuery({
    queryKey: ["audit-log", filters],
    queryFn: ({ signal }) => fetchApi<AuditPage>(`/api/v1/audit-log?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
