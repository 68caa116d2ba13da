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
  /** Searches recipients and subject. */
  q?: string;
  /** ISO date-times: created at or after, and before. */
  after?: string;
  before?: string;
}

const emailsKey = ["emails"] as const;
const REFRESH_MS = 3000;
// A deferred recipient is retried minutes to hours later (for up to a day): no need to ask
// every few seconds.
const DEFERRED_REFRESH_MS = 30_000;

/** How often to refresh while emails are on their way, or false when none is. */
function inFlightRefresh(emails: Pick<EmailSummary, "status" | "last_event">[]): number | false {
  const inFlight = emails.filter((email) => IN_FLIGHT_STATUSES.has(email.status));
  if (inFlight.length === 0) return false;
  return inFlight.every((email) => email.last_event === "email.deferred") ? DEFERRED_REFRESH_MS : REFRESH_MS;
}

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
    refetchInterval: (query) => inFlightRefresh(query.state.data?.data ?? []),
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
      const email = query.state.data;
      if (!email) return false;
      const inFlight = inFlightRefresh([email]);
      if (inFlight) return inFlight;
      // Opens and clicks keep arriving after delivery; so does the send of a scheduled email.
      return email.status === "scheduled" || email.status === "delivered" || email.status === "sent" ? 15_000 : false;
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
