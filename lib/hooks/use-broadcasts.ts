import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { BroadcastResponse } from "@/lib/broadcasts/serialize-broadcast";
import type { CreateBroadcastBody, SendBroadcastBody, UpdateBroadcastBody } from "@/lib/broadcasts/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Broadcast = BroadcastResponse;

const broadcastsKey = ["broadcasts"] as const;
const path = (id: string) => `/api/v1/broadcasts/${encodeURIComponent(id)}`;
// While a broadcast fans out or its emails are delivered, its stats move: poll them.
const live = (status?: string) => status === "sending" || status === "scheduled";

export function useBroadcasts(query: { limit: number; offset: number }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  return useQuery({
    queryKey: [...broadcastsKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Broadcast>>(`/api/v1/broadcasts?${params}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((b) => live(b.status)) ? 3000 : false),
  });
}

export function useBroadcast(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...broadcastsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<Broadcast>(path(id), { signal }),
    enabled: options.enabled,
    refetchInterval: (q) => (q.state.data && (live(q.state.data.status) || q.state.data.status === "sent") ? 3000 : false),
  });
}

function useBroadcastMutation<TInput>(request: (input: TInput) => Promise<Broadcast>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (broadcast) => {
      queryClient.setQueryData([...broadcastsKey, "detail", broadcast.id], broadcast);
      return queryClient.invalidateQueries({ queryKey: [...broadcastsKey, "list"] });
    },
  });
}

export function useCreateBroadcast() {
  return useBroadcastMutation((body: CreateBroadcastBody) => fetchApi<Broadcast>("/api/v1/broadcasts", { method: "POST", body }));
}

export function useUpdateBroadcast(id: string) {
  return useBroadcastMutation((body: UpdateBroadcastBody) => fetchApi<Broadcast>(path(id), { method: "PUT", body }));
}

export function useSendBroadcast(id: string) {
  return useBroadcastMutation((body: SendBroadcastBody) => fetchApi<Broadcast>(`${path(id)}/send`, { method: "POST", body }));
}

export function useCancelBroadcast(id: string) {
  return useBroadcastMutation(() => fetchApi<Broadcast>(`${path(id)}/cancel`, { method: "POST" }));
}

export function useSendTestBroadcast(id: string) {
  return useMutation({
    mutationFn: () => fetchApi<{ id: string; to: string }>(`${path(id)}/test`, { method: "POST", body: {} }),
  });
}

export interface BroadcastRecipient {
  id: string;
  contactId: string;
  email: string;
  status: "queued" | "sending" | "deferred" | "sent" | "delivered" | "bounced" | "complained" | "suppressed" | "failed" | "cancelled";
  openedAt: string | null;
  clickedAt: string | null;
}

/**
 * A sent broadcast's recipients with their status (one status, or all), a page at a time; read
 * again whenever the broadcast's stats move (`version`), which the broadcast's own query polls.
 */
export function useBroadcastRecipients(id: string, query: { limit: number; offset: number; status: string; version: string }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.status) params.set("status", query.status);
  return useQuery({
    queryKey: [...broadcastsKey, "recipients", id, query.limit, query.offset, query.status, query.version],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<BroadcastRecipient>>(`${path(id)}/recipients?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The links a broadcast's emails had followed, most clicked first (the resend SDK's clickedLinks route); read again as `version` moves. */
export function useBroadcastClickedLinks(id: string, version: string) {
  return useQuery({
    queryKey: [...broadcastsKey, "clicked-links", id, version],
    queryFn: async ({ signal }) => {
      const page = await fetchApi<{ data: { url: string; clicks: number; unique_clicks: number }[] }>(
        `/api/v1/resend/broadcasts/${encodeURIComponent(id)}/clicked-links?limit=20`,
        { signal },
      );
      return page.data.map((link) => ({ url: link.url, clicks: link.clicks, uniqueClicks: link.unique_clicks }));
    },
    placeholderData: keepPreviousData,
  });
}
