import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { TemplateResponse } from "@/lib/templates/serialize-template";
import type { CreateTemplateBody, TestTemplateBody, UpdateTemplateBody } from "@/lib/templates/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Template = TemplateResponse;

const templatesKey = ["templates"] as const;

export function useTemplates(query: { limit: number; offset: number; search?: string }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.search) params.set("search", query.search);
  return useQuery({
    queryKey: [...templatesKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Template>>(`/api/v1/templates?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...templatesKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<Template>(`/api/v1/templates/${encodeURIComponent(id)}`, { signal }),
    enabled: options.enabled,
    // The editor holds its own copy once loaded: a background refetch must not look like news.
    staleTime: Infinity,
  });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => fetchApi<Template>("/api/v1/templates", { method: "POST", body }),
    onSuccess: (template) => {
      queryClient.setQueryData([...templatesKey, "detail", template.id], template);
      return queryClient.invalidateQueries({ queryKey: [...templatesKey, "list"] });
    },
  });
}

export function useUpdateTemplate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTemplateBody) => fetchApi<Template>(`/api/v1/templates/${encodeURIComponent(id)}`, { method: "PUT", body }),
    onSuccess: (template) => {
      queryClient.setQueryData([...templatesKey, "detail", id], template);
      return queryClient.invalidateQueries({ queryKey: [...templatesKey, "list"] });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchApi<{ id: string; deleted: true }>(`/api/v1/templates/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: [...templatesKey, "detail", id] });
      return queryClient.invalidateQueries({ queryKey: [...templatesKey, "list"] });
    },
  });
}

/** POST /templates/:id/test: one test email of what the editor shows (one credit). */
export function useSendTestTemplate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestTemplateBody) =>
      fetchApi<{ id: string; to: string }>(`/api/v1/templates/${encodeURIComponent(id)}/test`, { method: "POST", body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["credits"] });
      return queryClient.invalidateQueries({ queryKey: ["emails"] });
    },
  });
}
