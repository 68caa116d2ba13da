import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { DomainCheck, DomainRecord } from "@/lib/domains/types";
import { fetchApi } from "@/lib/ui/fetch-api";

/** GET /domains/:id (and the create response); list items carry everything but lastCheck. */
export interface Domain {
  id: string;
  domain: string;
  status: "unverified" | "verified";
  verifiedAt: string | null;
  createdAt: string;
  records: DomainRecord[];
  lastCheckedAt: string | null;
  lastCheck?: DomainCheck | null;
  capabilities: { sending: "enabled"; receiving: "enabled" | "disabled" };
  /** Local parts the domain receives for; empty: every address. */
  receivingAddresses: string[];
}

export type VerifyDomainResult = Domain & { dns: DomainCheck["dns"] };

const domainsKey = ["domains"] as const;

export function useDomains(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...domainsKey, "list", page],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Domain>>(`/api/v1/domains?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDomain(id: string) {
  return useQuery({
    queryKey: [...domainsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<Domain>(`/api/v1/domains/${encodeURIComponent(id)}`, { signal }),
    // The worker re-checks unverified domains every few minutes; pick its results up.
    refetchInterval: (query) => (query.state.data?.status === "unverified" ? 60_000 : false),
  });
}

export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { domain: string }) => fetchApi<Domain>("/api/v1/domains", { method: "POST", body }),
    onSuccess: (domain) => {
      queryClient.setQueryData([...domainsKey, "detail", domain.id], domain);
      return queryClient.invalidateQueries({ queryKey: [...domainsKey, "list"] });
    },
  });
}

export function useVerifyDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchApi<VerifyDomainResult>(`/api/v1/domains/${encodeURIComponent(id)}/verify`, { method: "POST" }),
    onSuccess: (result) => {
      queryClient.setQueryData([...domainsKey, "detail", id], result);
      return queryClient.invalidateQueries({ queryKey: [...domainsKey, "list"] });
    },
  });
}

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi<{ id: string; deleted: true }>(`/api/v1/domains/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: [...domainsKey, "detail", id] });
      return queryClient.invalidateQueries({ queryKey: [...domainsKey, "list"] });
    },
  });
}

export function useUpdateDomainReceiving(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receiving: "enabled" | "disabled") =>
      fetchApi<Domain>(`/api/v1/domains/${encodeURIComponent(id)}`, { method: "PATCH", body: { capabilities: { receiving } } }),
    onSuccess: (domain) => {
      queryClient.setQueryData([...domainsKey, "detail", id], domain);
      return queryClient.invalidateQueries({ queryKey: [...domainsKey, "list"] });
    },
  });
}
