"use client";

import { useState } from "react";
import Link from "next/link";
import { useBroadcasts } from "@/lib/hooks/use-broadcasts";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, SendIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { BroadcastsTable, BroadcastsTableSkeleton } from "./broadcasts-table";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;

function NewBroadcastLink() {
  return (
    <Link href="/broadcasts/new" className={buttonClasses({ variant: "primary" })}>
      <PlusIcon />
      New broadcast
    </Link>
  );
}

export function BroadcastsView() {
  const [offset, setOffset] = useState(0);
  const broadcasts = useBroadcasts({ limit: PAGE_SIZE, offset });
  const list = broadcasts.data?.data;

  let content;
  if (broadcasts.isPending) content = <BroadcastsTableSkeleton />;
  else if (broadcasts.isError && !broadcasts.data)
    content = <LoadError title="Could not load your broadcasts" error={broadcasts.error} onRetry={() => broadcasts.refetch()} />;
  else if (list && list.length === 0 && offset === 0)
    content = (
      <EmptyState
        icon={SendIcon}
        title="Send your first broadcast"
        description="A broadcast is one email to every subscribed member of a list: a newsletter, a launch, an announcement. Each member gets it personalized, with a one-click unsubscribe link."
        action={<NewBroadcastLink />}
        className="[&>p]:max-w-md"
      />
    );
  else content = <BroadcastsTable broadcasts={list ?? []} />;

  return (
    <>
      <PageHeader
        title="Broadcasts"
        description="One email to a whole list, now or at a time you pick. Unsubscribed and suppressed contacts are skipped."
        actions={<NewBroadcastLink />}
      />
      {content}
      {broadcasts.data && list && list.length > 0 && (
        <Pagination
          limit={PAGE_SIZE}
          offset={offset}
          total={broadcasts.data.pagination.total}
          onOffsetChange={setOffset}
          noun="broadcasts"
        />
      )}
    </>
  );
}
