"use client";

import { useState } from "react";
import { useApiKeys, useRevokeApiKey, type ApiKey, type CreatedApiKey } from "@/lib/hooks/use-api-keys";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { ApiKeysTable } from "./api-keys-table";
import { CreateApiKeyDialog } from "./create-api-key-dialog";
import { RevealApiKeyDialog } from "./reveal-api-key-dialog";

const PAGE_SIZE = 20;

// The page's state lives here, above the table, so the shown-once key survives the list
// refetching (and its empty state giving way to the first row).
export function ApiKeysView() {
  const [offset, setOffset] = useState(0);
  const keys = useApiKeys({ limit: PAGE_SIZE, offset });
  const [createOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revokeKey = useRevokeApiKey();

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate your requests to the Mailwright API and the SMTP relay. Keep them secret: anyone with a key can send email as your account."
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <PlusIcon />
            Create API key
          </Button>
        }
      />
      <ApiKeysTable
        keys={keys.data?.data}
        loading={keys.isPending}
        error={keys.isError && !keys.data ? keys.error : null}
        onRetry={() => keys.refetch()}
        onCreate={() => setCreateOpen(true)}
        onRevoke={setRevoking}
      />
      {keys.data && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={keys.data.pagination.total} onOffsetChange={setOffset} noun="keys" />
      )}
      <CreateApiKeyDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        onCreated={(key) => {
          setCreateOpen(false);
          setOffset(0);
          setCreated(key);
        }}
      />
      <RevealApiKeyDialog apiKey={created} onClose={() => setCreated(null)} />
      {/* A revoked key cannot be brought back. */}
      <ConfirmDeleteDialog
        item={revoking}
        title="Revoke API key"
        description={(key) => (
          <>
            <span className="font-medium text-zinc-700">{key.name}</span> (<code className="font-mono text-xs">{key.prefix}</code>) stops
            working at once: requests that use it get <span className="whitespace-nowrap">401 Unauthorized</span>. This cannot be undone.
          </>
        )}
        confirmLabel="Revoke key"
        onConfirm={(key) => revokeKey.mutateAsync(key.id)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
