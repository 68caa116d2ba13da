import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { fetchApi } from "@/lib/ui/fetch-api";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { Contact } from "./use-contacts";

export interface Segment {
  object: "segment";
  id: string;
  name: string;
  filter: Rule | null;
  count: number;
  created_at: string;
}

export interface ContactPropertyItem {
  id: string;
  key: string;
  type: "string" | "number" | "boolean" | "date";
}

// Under the lists' key: a segment is a list, so a list's change refreshes the segments too.
const segmentsKey = ["lists", "segments"] as const;

/** The account's segments (up to 100), newest first, each with its member count now. */
export function useSegments() {
  return useQuery({
    queryKey: segmentsKey,
    queryFn: ({ signal }) => fetchApi<{ data: Segment[]; has_more: boolean }>("/api/v1/segments?limit=100", { signal }),
  });
}

const segmentPath = (id: string) => `/api/v1/segments/${encodeURIComponent(id)}`;

/** One segment with its member count now. */
export function useSegment(id: string) {
  return useQuery({
    queryKey: [...segmentsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<Segment>(segmentPath(id), { signal }),
  });
}

/** A page of the segment's members: a filtered one's are whoever matches now. */
export function useSegmentContacts(id: string, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...segmentsKey, "contacts", id, page],
    queryFn: ({ signal }) =>
      fetchApi<ListEnvelope<Contact>>(`${segmentPath(id)}/contacts?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateSegment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; filter?: Rule }) => fetchApi<Segment>(segmentPath(id), { method: "PATCH", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lists"] }),
  });
}

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; filter: Rule | null }) => fetchApi<Segment>("/api/v1/segments", { method: "POST", body }),
    // A static segment is a list too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lists"] }),
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi(`/api/v1/segments/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lists"] }),
  });
}

/** The account's declared contact properties: the filter builder's fields and their types. */
export function useContactProperties() {
  return useQuery({
    queryKey: ["contact-properties"],
    queryFn: ({ signal }) => fetchApi<{ data: ContactPropertyItem[] }>("/api/v1/contact-properties", { signal }),
  });
}
