import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { ContactResponse } from "@/lib/contacts/serialize-contact";
import type { CreateContactBody, UpdateContactBody } from "@/lib/contacts/schemas";
import type { ContactImportResponse } from "@/lib/contacts/import-serialize";
import type { ImportContactsInput } from "@/lib/contacts/import-schemas";
import type { ContactActivity } from "@/lib/contacts/activity-schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Contact = ContactResponse;
export type ContactImport = ContactImportResponse;

const contactsKey = ["contacts"] as const;
// Contact changes move list counts, so every contact mutation refreshes the lists too.
const listsKey = ["lists"] as const;

export function useContacts(query: { limit: number; offset: number; email?: string; list?: string }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.email) params.set("email", query.email);
  if (query.list) params.set("list", query.list);
  return useQuery({
    queryKey: [...contactsKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Contact>>(`/api/v1/contacts?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string | null) {
  return useQuery({
    queryKey: [...contactsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<Contact>(`/api/v1/contacts/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

/** The contact's latest emails with their events, and its enrollments. */
export function useContactActivity(id: string, limit = 10) {
  return useQuery({
    queryKey: [...contactsKey, "activity", id, limit],
    queryFn: ({ signal }) => fetchApi<ContactActivity>(`/api/v1/contacts/${encodeURIComponent(id)}/activity?limit=${limit}`, { signal }),
  });
}

function useContactMutation<TVars, TResult extends Contact | { id: string }>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      if ("email" in result) queryClient.setQueryData([...contactsKey, "detail", result.id], result);
      else queryClient.removeQueries({ queryKey: [...contactsKey, "detail", result.id] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...contactsKey, "list"] }),
        queryClient.invalidateQueries({ queryKey: listsKey }),
      ]);
    },
  });
}

export function useCreateContact() {
  return useContactMutation((body: CreateContactBody) => fetchApi<Contact>("/api/v1/contacts", { method: "POST", body }));
}

export function useUpdateContact(id: string) {
  return useContactMutation((body: UpdateContactBody) =>
    fetchApi<Contact>(`/api/v1/contacts/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  );
}

export function useDeleteContact() {
  return useContactMutation((id: string) =>
    fetchApi<{ id: string; deleted: true }>(`/api/v1/contacts/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

export function useAddToList(contactId: string) {
  return useContactMutation(async (listId: string) => {
    const result = await fetchApi<{ added: boolean; contact: Contact }>(`/api/v1/lists/${encodeURIComponent(listId)}/contacts`, {
      method: "POST",
      body: { contactId },
    });
    return result.contact;
  });
}

export function useRemoveFromList(contactId: string) {
  return useContactMutation(async (listId: string) => {
    await fetchApi(`/api/v1/lists/${encodeURIComponent(listId)}/contacts/${encodeURIComponent(contactId)}`, { method: "DELETE" });
    return fetchApi<Contact>(`/api/v1/contacts/${encodeURIComponent(contactId)}`);
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: (body: ImportContactsInput) => fetchApi<ContactImport>("/api/v1/contacts/import", { method: "POST", body }),
  });
}

/** Polls an import every second until it finishes, then refreshes contacts and lists once. */
export function useContactImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...contactsKey, "import", id],
    queryFn: async ({ signal }) => {
      const result = await fetchApi<ContactImport>(`/api/v1/contacts/import/${encodeURIComponent(id!)}`, { signal });
      if (result.status === "completed" || result.status === "failed") {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [...contactsKey, "list"] }),
          queryClient.invalidateQueries({ queryKey: listsKey }),
        ]);
      }
      return result;
    },
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "completed" || status === "failed" ? false : 1000;
    },
  });
}

/** GET /contacts/properties: the property keys the account's contacts use, the most used first. */
export function useContactPropertyKeys(enabled = true) {
  return useQuery({
    queryKey: ["contacts", "property-keys"],
    queryFn: ({ signal }) => fetchApi<{ data: { key: string; contacts: number }[] }>("/api/v1/contacts/properties", { signal }),
    enabled,
    staleTime: 60_000,
  });
}
