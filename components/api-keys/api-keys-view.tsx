"use client";

import { useState } from "react";
import { useApiKeys, type ApiKey, type CreatedApiKey } from "@/lib/hooks/use-api-keys";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { ApiKeysTable } from "./api-keys-table";
import { CreateApiKeyDialog } from "./create-api-key-dialog";
import { RevealApiKeyDialog } from "./reveal-api-key-dialog";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog";

const PAGE_SIZE = 20;

// The page's state lives here, above the table, so the shown-once key survives the list
// refetching (and its empty state giving way to the first row).
export function ApiKeysView() {
  const [offset, setOffset] = useState(0);
  const keys = useApiKeys({ limit: PAGE_SIZE, offset });
  const [createOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

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
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
