import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateTemplateBody } from "@/lib/templates/schemas";
import type { listTemplateVersions } from "@/lib/templates/versions/list-template-versions";
import type { listTemplateUses } from "@/lib/templates/versions/list-template-uses";
import { fetchApi } from "@/lib/ui/fetch-api";
import type { Template } from "./use-templates";

// A template's draft, publish, history and uses: the editor saves drafts, publishes them, lists
// the published versions and restores one as the draft.

export type TemplateVersion = Awaited<ReturnType<typeof listTemplateVersions>>["data"][number];
export type TemplateUses = Awaited<ReturnType<typeof listTemplateUses>>;

const path = (id: string, rest = "") => `/api/v1/templates/${encodeURIComponent(id)}${rest}`;
const detailKey = (id: string) => ["templates", "detail", id] as const;
const versionsKey = (id: string) => ["templates", "versions", id] as const;

/** Every template change lands in the detail cache and refreshes the list. */
function useTemplateMutation<T>(id: string, request: (input: T) => Promise<Template>, options: { versions?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (template) => {
      queryClient.setQueryData(detailKey(id), template);
      if (options.versions) void queryClient.invalidateQueries({ queryKey: versionsKey(id) });
      return queryClient.invalidateQueries({ queryKey: ["templates", "list"] });
    },
  });
}

export function useSaveTemplateDraft(id: string) {
  return useTemplateMutation(id, (body: UpdateTemplateBody) => fetchApi<Template>(path(id, "/draft"), { method: "PUT", body }));
}

export function useDiscardTemplateDraft(id: string) {
  return useTemplateMutation(id, () => fetchApi<Template>(path(id, "/draft"), { method: "DELETE" }));
}

export function usePublishTemplate(id: string) {
  return useTemplateMutation(id, () => fetchApi<Template>(path(id, "/publish"), { method: "POST" }), { versions: true });
}

export function useRestoreTemplateVersion(id: string) {
  return useTemplateMutation(id, (versionId: string) =>
    fetchApi<Template>(path(id, `/versions/${encodeURIComponent(versionId)}/restore`), { method: "POST" }),
  );
}

export function useTemplateVersions(id: string) {
  return useQuery({
    queryKey: versionsKey(id),
    queryFn: ({ signal }) => fetchApi<{ data: TemplateVersion[] }>(path(id, "/versions"), { signal }),
  });
}

/** Where a publish changes emails: read when the publish dialog opens. */
export function useTemplateUses(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ["templates", "uses", id],
    queryFn: ({ signal }) => fetchApi<TemplateUses>(path(id, "/uses"), { signal }),
    enabled,
    staleTime: 0,
  });
}
