import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { SuppressionResponse } from "@/lib/suppressions/serialize-suppression";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Suppression = SuppressionResponse;

const suppressionsKey = ["suppressions"] as const;

export function useSuppressions(query: { limit: number; offset: number; q?: string }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set("q", query.q);
  return useQuery({
    queryKey: [...suppressionsKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Suppression>>(`/api/v1/suppressions?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /suppressions/:id: the address receives this account's email again. */
export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchApi<{ email: string; deleted: true }>(`/api/v1/suppressions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}
