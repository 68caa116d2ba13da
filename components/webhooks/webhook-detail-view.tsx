"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  useDeleteWebhook,
  useRedeliverDelivery,
  useSendTestEvent,
  useWebhook,
  useWebhookDeliveries,
  type WebhookWithSecret,
} from "@/lib/hooks/use-webhooks";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/schemas";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDate, formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { LoadError } from "@/components/ui/load-error";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { RefreshIcon } from "./webhook-icons";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { EditWebhookForm } from "./edit-webhook-form";
import { RevealWebhookSecretDialog } from "./reveal-webhook-secret-dialog";
import { WebhookDeliveriesTable } from "./webhook-deliveries-table";
import { WebhookSigningSecretCard } from "./webhook-signing-secret-card";
import { healthText, WebhookStatusBadge } from "./webhook-status-badge";
import { eventLabel } from "./event-labels";

const PAGE_SIZE = 20;

function BackLink() {
  return (
    <Link
      href="/webhooks"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Webhooks
    </Link>
  );
}

export function WebhookDetailView({ id }: { id: string }) {
  const router = useRouter();
  const webhook = useWebhook(id);
  const [offset, setOffset] = useState(0);
  const deliveries = useWebhookDeliveries(id, { limit: PAGE_SIZE, offset });
  const sendTest = useSendTestEvent(id);
  const [testType, setTestType] = useState<WebhookEventType>("email.delivered");
  const redeliver = useRedeliverDelivery(id);
  const [deleting, setDeleting] = useState(false);
  const deleteWebhook = useDeleteWebhook();
  const [recreating, setRecreating] = useState(false);
  const [recreated, setRecreated] = useState<WebhookWithSecret | null>(null);

  if (webhook.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading webhook" className="space-y-4">
        <BackLink />
        <Skeleton className="h-8 w-96" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="mt-8 h-48 w-full" />
      </div>
    );
  }
  if (webhook.isError) {
    return (
      <>
        <BackLink />
        <LoadError
          title="Could not load this webhook"
          error={webhook.error}
          onRetry={() => webhook.refetch()}
          notFound={{ title: "Webhook not found", message: "It may have been deleted." }}
        />
      </>
    );
  }

  const w = webhook.data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={w.url}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <WebhookStatusBadge status={w.status} health={w.health} />
            <span>{healthText(w.health)}</span>
            <span>
              Created{" "}
              <time dateTime={w.createdAt} title={formatDateTime(w.createdAt)}>
                {formatDate(w.createdAt)}
              </time>
            </span>
            <span className="font-mono text-xs">{w.id}</span>
          </span>
        }
        actions={
          <div className="flex items-center gap-2">
            {w.status === "active" && (
              <>
                <Select
                  aria-label="Test event type"
                  value={testType}
                  onChange={(event) => {
                    setTestType(event.target.value as WebhookEventType);
                    sendTest.reset();
                  }}
                  className="w-44"
                >
                  {WEBHOOK_EVENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {eventLabel(type)}
                    </option>
                  ))}
                </Select>
                <Button variant="secondary" loading={sendTest.isPending} onClick={() => sendTest.mutate(testType)}>
                  {sendTest.isSuccess ? "Test event sent" : "Send test event"}
                </Button>
              </>
            )}
            <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </div>
        }
      />

      {sendTest.isError && (
        <Alert tone="error" className="mb-6">
          {errorMessage(sendTest.error)}
        </Alert>
      )}

      {w.status === "active" && w.health.failing && (
        <Alert tone="warning" title="This webhook is failing" className="mb-6">
          {healthText(w.health)} in the last 24 hours. Failed attempts are retried; after the 5th retry of one event the webhook fails and
          receives nothing more. Check the delivery log below for the endpoint&apos;s answers.
        </Alert>
      )}

      {w.status === "failed" && (
        <Alert tone="error" title="This webhook has failed and receives no more events" className="mb-6">
          <p>
            A delivery still got no 2xx answer after the 5th retry
            {w.failedAt ? ` (${formatDateTime(w.failedAt)})` : ""}, so Mailwright stopped sending to this endpoint. A failed webhook cannot
            be re-activated: fix the endpoint, then recreate the webhook. The new one gets a new signing secret; delete this one once it is
            in place.
          </p>
          <Button size="sm" className="mt-3" onClick={() => setRecreating(true)}>
            Recreate webhook
          </Button>
        </Alert>
      )}

      <div className="space-y-6">
        <WebhookSigningSecretCard secret={w.secret} />
        <EditWebhookForm key={w.id} webhook={w} />
      </div>

      <section aria-labelledby="deliveries-heading" className="mt-10 space-y-3">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="deliveries-heading" className="text-base font-semibold tracking-tight text-zinc-900">
              Delivery log
            </h2>
            <p className="mt-1 text-sm text-zinc-500">
              Every attempt, newest first. A failed attempt is retried 1 min, 5 min, 30 min, 2 h and 8 h later.
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            loading={deliveries.isFetching && !deliveries.isPending}
            onClick={() => deliveries.refetch()}
          >
            <RefreshIcon />
            Refresh
          </Button>
        </div>
        <WebhookDeliveriesTable
          deliveries={deliveries.data?.data}
          loading={deliveries.isPending}
          error={deliveries.isError && !deliveries.data ? deliveries.error : null}
          onRetry={() => deliveries.refetch()}
          canResend={w.status === "active"}
          resending={redeliver.isPending ? redeliver.variables : null}
          resent={redeliver.isSuccess ? redeliver.variables : null}
          resendError={redeliver.isError ? errorMessage(redeliver.error) : null}
          onResend={(deliveryId) => redeliver.mutate(deliveryId)}
        />
        {deliveries.data && (
          <Pagination
            limit={PAGE_SIZE}
            offset={offset}
            total={deliveries.data.pagination.total}
            onOffsetChange={setOffset}
            noun="attempts"
          />
        )}
      </section>

      <ConfirmDeleteDialog
        item={deleting ? w : null}
        title="Delete webhook"
        description={(target) => (
          <>
            <span className="break-all font-mono text-xs text-zinc-700">{target.url}</span> stops receiving events at once, pending retries
            are dropped and its delivery log is deleted. This cannot be undone.
          </>
        )}
        confirmLabel="Delete webhook"
        onConfirm={(target) => deleteWebhook.mutateAsync(target.id)}
        onClose={() => setDeleting(false)}
        onDeleted={() => router.push("/webhooks")}
      />
      <CreateWebhookDialog
        open={recreating}
        onOpenChange={setRecreating}
        title="Recreate webhook"
        defaults={{ url: w.url, events: w.events }}
        onCreated={(created) => {
          setRecreating(false);
          setRecreated(created);
        }}
      />
      <RevealWebhookSecretDialog
        webhook={recreated}
        onClose={() => {
          const next = recreated?.id;
          setRecreated(null);
          if (next) router.push(`/webhooks/${next}`);
        }}
      />
    </>
  );
}
