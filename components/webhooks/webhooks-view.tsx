"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useWebhooks, type WebhookWithSecret } from "@/lib/hooks/use-webhooks";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { RevealWebhookSecretDialog } from "./reveal-webhook-secret-dialog";
import { WebhooksTable } from "./webhooks-table";

const PAGE_SIZE = 20;

export function WebhooksView() {
  const router = useRouter();
  const [offset, setOffset] = useState(0);
  const webhooks = useWebhooks({ limit: PAGE_SIZE, offset });
  const [createOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Mailwright pushes email events to your endpoints as they happen, signed with HMAC-SHA256. Failed deliveries are retried for about 10 hours."
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <PlusIcon />
            Add webhook
          </Button>
        }
      />
      <WebhooksTable
        webhooks={webhooks.data?.data}
        loading={webhooks.isPending}
        error={webhooks.isError && !webhooks.data ? webhooks.error : null}
        onRetry={() => webhooks.refetch()}
        onCreate={() => setCreateOpen(true)}
      />
      {webhooks.data && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={webhooks.data.pagination.total} onOffsetChange={setOffset} noun="webhooks" />
      )}
      <CreateWebhookDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        onCreated={(webhook) => {
          setCreateOpen(false);
          setOffset(0);
          setCreated(webhook);
        }}
      />
      <RevealWebhookSecretDialog
        webhook={created}
        onClose={() => {
          const id = created?.id;
          setCreated(null);
          if (id) router.push(`/webhooks/${id}`);
        }}
      />
    </>
  );
}
