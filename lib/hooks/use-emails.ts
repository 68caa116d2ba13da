import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { serializeEmail, serializeEmailSummary } from "@/lib/emails/serialize-email";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";
import { IN_FLIGHT_STATUSES, type EmailStatus } from "@/lib/ui/email-statuses";

// Dates travel as ISO strings; the serializers' types already say so.
export type EmailSummary = ReturnType<typeof serializeEmailSummary>;
export type EmailDetail = ReturnType<typeof serializeEmail>;
export type { EmailStatus };
export type EmailEvent = EmailDetail["events"][number];

export interface EmailFilters {
  status?: EmailStatus;
  /** name:value */
  tag?: string;
  /** ISO date-times, inclusive. */
  from?: string;
  to?: string;
}

const emailsKey = ["emails"] as const;
const REFRESH_MS = 3000;

function listParams(filters: EmailFilters, page: { limit: number; offset: number }) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

export function useEmails(filters: EmailFilters, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...emailsKey, "list", filters, page],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<EmailSummary>>(`/api/v1/emails?${listParams(filters, page)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((email) => IN_FLIGHT_STATUSES.has(email.status)) ? REFRESH_MS : false,
  });
}

export function useScheduledEmails(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...emailsKey, "scheduled", page],
    queryFn: ({ signal }) =>
      fetchApi<ListEnvelope<EmailSummary>>(`/api/v1/emails/scheduled?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
    // A scheduled email leaves the list when its time comes.
    refetchInterval: 30_000,
  });
}

export function useEmail(id: string) {
  return useQuery({
    queryKey: [...emailsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<EmailDetail>(`/api/v1/emails/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && IN_FLIGHT_STATUSES.has(status)) return REFRESH_MS;
      // Opens and clicks keep arriving after delivery; so does the send of a scheduled email.
      return status === "scheduled" || status === "delivered" || status === "sent" ? 15_000 : false;
    },
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmailBody) => fetchApi<{ id: string }>("/api/v1/emails", { method: "POST", body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["credits"] });
      return queryClient.invalidateQueries({ queryKey: emailsKey });
    },
  });
}

export function useCancelEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchApi<{ id: string; status: "cancelled" }>(`/api/v1/emails/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["credits"] });
      return queryClient.invalidateQueries({ queryKey: emailsKey });
    },
  });
}
