import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TopicResponse } from "@/lib/topics/serialize-topic";
import type { CreateTopicBody, UpdateTopicBody } from "@/lib/topics/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Topic = TopicResponse;

const topicsKey = ["topics"] as const;

/** Every topic of the account (at most 50), oldest first, as the preference page lists them. */
export function useTopics() {
  return useQuery({
    queryKey: topicsKey,
    queryFn: ({ signal }) => fetchApi<{ data: Topic[] }>("/api/v1/topics", { signal }),
  });
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTopicBody) => fetchApi<Topic>("/api/v1/topics", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicsKey }),
  });
}

export function useUpdateTopic(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTopicBody) => fetchApi<Topic>(`/api/v1/topics/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicsKey }),
  });
}
