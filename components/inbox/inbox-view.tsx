"use client";

import { useState } from "react";
import { useInboxMessages } from "@/lib/hooks/use-inbox";
import { InboxIcon } from "@/components/ui/icons";
import { MailSplitView, useMessageSelection } from "@/components/mail-viewer/split-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { InboxMessageList } from "./inbox-message-list";
import { InboxMessagePane } from "./inbox-message-pane";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 50;

const SIMULATOR = [
  ["delivered@", "accepted and shown here"],
  ["bounced@", "refused with 550: a hard bounce, the address is suppressed"],
  ["soft-bounced@", "deferred with 451, retried, then a soft bounce"],
  ["complained@", "delivered, then reported as spam"],
] as const;

function InboxEmptyState() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50/50 px-6 py-12">
      <div className="mx-auto max-w-lg text-center">
        <div className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl border border-zinc-200 bg-white shadow-card">
          <InboxIcon className="size-5 text-zinc-500" />
        </div>
        <h2 className="text-sm font-semibold text-zinc-900">Your dev inbox is empty</h2>
        <p className="mt-1 text-sm text-zinc-500">
          With the default transport, nothing leaves this machine: every email Mailwright delivers lands here, signed and tracked exactly as
          a real recipient would get it. Send one from the API or a template&apos;s &ldquo;Send test&rdquo;.
        </p>
      </div>
      <div className="mx-auto mt-6 max-w-lg rounded-lg border border-zinc-200 bg-white text-left shadow-card">
        <p className="border-b border-zinc-100 px-4 py-2.5 text-xs font-medium text-zinc-700">
          Simulate an outcome with any <code className="font-mono">*.simulator.test</code> address
        </p>
        <dl className="divide-y divide-zinc-100">
          {SIMULATOR.map(([box, outcome]) => (
            <div key={box} className="grid gap-x-4 gap-y-0.5 px-4 py-2 text-[13px] sm:grid-cols-[13.5rem_minmax(0,1fr)]">
              <dt className="font-mono text-xs leading-5 whitespace-nowrap text-zinc-900">{box}simulator.test</dt>
              <dd className="text-zinc-500">{outcome}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

export function InboxView({ initialMessageId }: { initialMessageId: string | null }) {
  const [offset, setOffset] = useState(0);
  const messages = useInboxMessages({ limit: PAGE_SIZE, offset });
  const list = messages.data?.data;
  const { shownId, select } = useMessageSelection(initialMessageId, list);
  const total = messages.data?.pagination.total ?? 0;

  let content;
  if (messages.isPending) {
    content = (
      <div
        aria-busy="true"
        aria-label="Loading messages"
        className="grid h-[40rem] overflow-hidden rounded-xl border border-zinc-200 md:grid-cols-[18rem_minmax(0,1fr)]"
      >
        <div className="space-y-4 border-r border-zinc-100 p-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="space-y-1.5">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-48" />
            </div>
          ))}
        </div>
        <div className="space-y-3 p-6">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-80 w-full" />
        </div>
      </div>
    );
  } else if (messages.isError && !messages.data) {
    content = <LoadError title="Could not load the dev inbox" error={messages.error} onRetry={() => messages.refetch()} />;
  } else if (!list?.length && offset === 0) {
    content = <InboxEmptyState />;
  } else {
    content = (
      <MailSplitView
        heightClassName="md:h-[calc(100dvh-13rem)] md:min-h-[36rem]"
        pageSize={PAGE_SIZE}
        offset={offset}
        total={total}
        onOffset={setOffset}
        list={<InboxMessageList messages={list ?? []} selectedId={shownId} onSelect={select} />}
        pane={shownId ? <InboxMessagePane key={shownId} id={shownId} /> : null}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Dev inbox"
        description="Every message the built-in transport delivered, as the recipient's server received it: rendered, as text and as raw source with its DKIM signature."
      />
      {content}
    </>
  );
}
