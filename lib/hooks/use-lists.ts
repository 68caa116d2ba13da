import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { ListResponse } from "@/lib/lists/serialize-list";
import type { CreateListBody } from "@/lib/lists/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";
import type { Contact } from "./use-contacts";

export type ContactListItem = ListResponse;

const listsKey = ["lists"] as const;

export function useLists(query: { limit: number; offset: number; search?: string }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.search) params.set("search", query.search);
  return useQuery({
    queryKey: [...listsKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<ContactListItem>>(`/api/v1/lists?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every list (up to 100), for pickers and filters. */
export function useAllLists() {
  return useLists({ limit: 100, offset: 0 });
}

export function useList(id: string) {
  return useQuery({
    queryKey: [...listsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<ContactListItem>(`/api/v1/lists/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Removes a member; the list's count and the contacts' lists change, so both are refreshed. */
export function useRemoveListMember(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) =>
      fetchApi(`/api/v1/lists/${encodeURIComponent(listId)}/contacts/${encodeURIComponent(contactId)}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: listsKey }), queryClient.invalidateQueries({ queryKey: ["contacts"] })]),
  });
}

/** Adds a person by address (a new one becomes a contact); `added` is false when already a member. */
export function useAddListMember(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name?: string }) =>
      fetchApi<{ added: boolean; contact: Contact }>(`/api/v1/lists/${encodeURIComponent(listId)}/contacts`, { method: "POST", body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: listsKey }), queryClient.invalidateQueries({ queryKey: ["contacts"] })]),
  });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListBody) => fetchApi<ContactListItem>("/api/v1/lists", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi<{ id: string; deleted: true }>(`/api/v1/lists/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: listsKey }), queryClient.invalidateQueries({ queryKey: ["contacts"] })]),
  });
}
