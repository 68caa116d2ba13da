import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { serializeInboxMessage } from "@/lib/inbox/list-inbox-messages";
import type { InboxMessageTracking } from "@/lib/inbox/inbox-message-tracking";
import type { openInboxMessage } from "@/lib/inbox/open-inbox-message";
import { fetchApi } from "@/lib/ui/fetch-api";

export type InboxMessageSummary = Omit<ReturnType<typeof serializeInboxMessage>, "html" | "text" | "raw">;
export type InboxMessage = InboxMessageSummary & { html: string | null; text: string | null; raw: string; tracking: InboxMessageTracking };
export type OpenAsRecipientResult = Awaited<ReturnType<typeof openInboxMessage>>;

const inboxKey = ["inbox"] as const;

/** `refreshMs`: how often to look for new mail (default 5 s), or false to stop. */
export function useInboxMessages(query: { limit: number; offset: number; emailId?: string }, options: { refreshMs?: number | false } = {}) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.emailId) params.set("email_id", query.emailId);
  return useQuery({
    queryKey: [...inboxKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<InboxMessageSummary>>(`/api/v1/inbox?${params}`, { signal }),
    placeholderData: keepPreviousData,
    // New mail arrives from the worker: keep the list current while the page is open.
    refetchInterval: options.refreshMs ?? 5000,
  });
}

export function useInboxMessage(id: string | null) {
  return useQuery({
    queryKey: [...inboxKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<InboxMessage>(`/api/v1/inbox/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    // A captured message never changes.
    staleTime: Infinity,
  });
}

/** Opens a message as its recipient (its open pixel, through the tracker): the email's events and the analytics change. */
export function useOpenAsRecipient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchApi<OpenAsRecipientResult>(`/api/v1/inbox/${encodeURIComponent(id)}/open`, { method: "POST" }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ["emails"] }), queryClient.invalidateQueries({ queryKey: ["analytics"] })]),
  });
}
