import { useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { ContactEventResponse } from "@/lib/events/serialize-contact-event";
import { fetchApi } from "@/lib/ui/fetch-api";

export type ContactEventItem = ContactEventResponse;

const eventsKey = ["events"] as const;

/** The event names seen on the account (the builder's event trigger offers them). */
export function useEventNames() {
  return useQuery({
    queryKey: [...eventsKey, "names"],
    queryFn: ({ signal }) => fetchApi<{ data: { name: string; count: number }[] }>("/api/v1/events/names", { signal }),
  });
}

/** A contact's latest events, for its activity. */
export function useContactEvents(contactId: string) {
  return useQuery({
    queryKey: [...eventsKey, "contact", contactId],
    queryFn: ({ signal }) =>
      fetchApi<ListEnvelope<ContactEventItem>>(`/api/v1/contacts/${encodeURIComponent(contactId)}/events?limit=50`, { signal }),
  });
}
