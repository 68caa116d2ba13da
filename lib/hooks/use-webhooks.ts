import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { CreateWebhookBody, UpdateWebhookBody, WebhookEventType } from "@/lib/webhooks/schemas";
import type { WebhookDeliveryResponse, WebhookResponse, WebhookWithSecretResponse } from "@/lib/webhooks/serialize-webhook";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Webhook = WebhookResponse;
/** The create and get responses: the only ones that carry the signing secret. */
export type WebhookWithSecret = WebhookWithSecretResponse;
export type WebhookDelivery = WebhookDeliveryResponse;

const webhooksKey = ["webhooks"] as const;
const path = (id: string) => `/api/v1/webhooks/${encodeURIComponent(id)}`;

export function useWebhooks(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...webhooksKey, "list", page],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Webhook>>(`/api/v1/webhooks?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: [...webhooksKey, "one", id],
    queryFn: ({ signal }) => fetchApi<WebhookWithSecret>(path(id), { signal }),
    // A webhook turns failed on its own (the worker); look again now and then.
    refetchInterval: 30_000,
  });
}

export function useWebhookDeliveries(id: string, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...webhooksKey, "deliveries", id, page],
    queryFn: ({ signal }) =>
      fetchApi<ListEnvelope<WebhookDelivery>>(`${path(id)}/deliveries?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => fetchApi<WebhookWithSecret>("/api/v1/webhooks", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookBody) => fetchApi<Webhook>(path(id), { method: "PUT", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi<{ id: string; deleted: true }>(path(id), { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...webhooksKey, "one", id] });
      return queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
  });
}

/** Refreshes the log and the webhook (its health) now and once the worker has had a moment. */
function refreshSoon(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...webhooksKey, "deliveries", id] }),
      queryClient.invalidateQueries({ queryKey: [...webhooksKey, "one", id] }),
    ]);
  // The worker delivers within a second or two; look again then.
  setTimeout(() => void refresh(), 2000);
  return refresh();
}

/** Queues a signed sample event of the given type for one attempt, then refreshes the log. */
export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: WebhookEventType) =>
      fetchApi<{ eventId: string; type: WebhookEventType; queued: true }>(`${path(id)}/test`, { method: "POST", body: { type } }),
    onSuccess: () => refreshSoon(queryClient, id),
  });
}

/** POST .../deliveries/:deliveryId/redeliver: the attempt's event again, as a new message. */
export function useRedeliverDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      fetchApi<{ eventId: string; messageId: string; queued: true }>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
        method: "POST",
      }),
    onSuccess: () => refreshSoon(queryClient, id),
  });
}
