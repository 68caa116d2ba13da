import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LayoutResponse } from "@/lib/layouts/serialize-layout";
import type { UpdateLayoutBody } from "@/lib/layouts/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Layout = LayoutResponse;

const layoutsKey = ["layouts"] as const;

export function useLayouts() {
  return useQuery({
    queryKey: [...layoutsKey, "list"],
    queryFn: ({ signal }) => fetchApi<{ data: Layout[] }>("/api/v1/layouts", { signal }),
  });
}

/** The account's default layout (what broadcasts and journey emails are sent in), or null. */
export function useDefaultLayout(): Layout | null {
  const { data } = useLayouts();
  return data?.data.find((layout) => layout.isDefault) ?? null;
}

export function useUpdateLayout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLayoutBody) => fetchApi<Layout>(`/api/v1/layouts/${encodeURIComponent(id)}`, { method: "PUT", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: layoutsKey }),
  });
}
