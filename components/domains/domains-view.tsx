"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useDeleteDomain, useDomains, type Domain } from "@/lib/hooks/use-domains";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { AddDomainDialog } from "./add-domain-dialog";
import { deleteDomainText } from "./delete-domain-text";
import { DomainsTable } from "./domains-table";

const PAGE_SIZE = 20;

export function DomainsView() {
  const router = useRouter();
  const [offset, setOffset] = useState(0);
  const domains = useDomains({ limit: PAGE_SIZE, offset });
  const [addOpen, setAddOpen] = useState(false);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const deleteDomain = useDeleteDomain();

  return (
    <>
      <PageHeader
        title="Domains"
        description="You send from addresses on verified domains. Publishing the records we give you proves the domain is yours and lets mailbox providers trust your email."
        actions={
          <Button onClick={() => setAddOpen(true)}>
            <PlusIcon />
            Add domain
          </Button>
        }
      />
      <DomainsTable
        domains={domains.data?.data}
        loading={domains.isPending}
        error={domains.isError && !domains.data ? domains.error : null}
        onRetry={() => domains.refetch()}
        onAdd={() => setAddOpen(true)}
        onDelete={setDeleting}
      />
      {domains.data && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={domains.data.pagination.total} onOffsetChange={setOffset} noun="domains" />
      )}
      <AddDomainDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        // Straight to the DNS checker: the records to publish are the next thing the user needs.
        onCreated={(domain) => {
          setAddOpen(false);
          router.push(`/domains/${domain.id}`);
        }}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete domain"
        description={deleteDomainText}
        confirmLabel="Delete domain"
        onConfirm={(d) => deleteDomain.mutateAsync(d.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
