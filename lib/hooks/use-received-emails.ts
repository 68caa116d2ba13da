import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { getReceivedEmail } from "@/lib/receiving/get-received-email";
import type { listReceivedEmails } from "@/lib/receiving/list-received-emails";
import { fetchApi } from "@/lib/ui/fetch-api";

export type ReceivedEmailList = Awaited<ReturnType<typeof listReceivedEmails>>;
export type ReceivedEmailSummary = ReceivedEmailList["data"][number];
export type ReceivedEmail = Awaited<ReturnType<typeof getReceivedEmail>>;

const key = ["received-emails"] as const;

export function useReceivedEmails(query: { limit: number; offset: number; q?: string }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set("q", query.q);
  return useQuery({
    queryKey: [...key, "list", query],
    queryFn: ({ signal }) => fetchApi<ReceivedEmailList>(`/api/v1/emails/receiving?${params}`, { signal }),
    placeholderData: keepPreviousData,
    // Mail arrives at the worker's inbound port: keep the list current while the page is open.
    refetchInterval: 5000,
  });
}

export function useReceivedEmail(id: string | null) {
  return useQuery({
    queryKey: [...key, "detail", id],
    queryFn: ({ signal }) => fetchApi<ReceivedEmail>(`/api/v1/emails/receiving/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    // The download links inside expire in an hour; a received message itself never changes.
    staleTime: 30 * 60 * 1000,
  });
}

/** The raw source, read through its signed download link (same origin, no key needed). */
export function useReceivedRaw(url: string | null) {
  return useQuery({
    queryKey: [...key, "raw", url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url!, { signal });
      if (!res.ok) throw new Error(`could not load the raw source (HTTP ${res.status})`);
      return res.text();
    },
    enabled: url !== null,
    staleTime: Infinity,
  });
}
