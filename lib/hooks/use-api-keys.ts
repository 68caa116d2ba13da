import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { ApiKeyResponse } from "@/lib/api-keys/serialize-api-key";
import type { CreateApiKeyBody } from "@/lib/api-keys/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type ApiKey = ApiKeyResponse;
/** The create response: the only time the key's value is ever sent. */
export type CreatedApiKey = ApiKeyResponse & { key: string };

const apiKeysKey = ["api-keys"] as const;

export function useApiKeys(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...apiKeysKey, page],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<ApiKey>>(`/api/v1/api-keys?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => fetchApi<CreatedApiKey>("/api/v1/api-keys", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi<ApiKey>(`/api/v1/api-keys?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
