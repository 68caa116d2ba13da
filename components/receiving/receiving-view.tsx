"use client";

import { useState } from "react";
import Link from "next/link";
import { useReceivedEmails } from "@/lib/hooks/use-received-emails";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { MailSplitView, useMessageSelection } from "@/components/mail-viewer/split-view";
import { InboxArrowIcon } from "./receiving-icons";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { ReceivedMessageList } from "./received-message-list";
import { ReceivedMessagePane } from "./received-message-pane";

const PAGE_SIZE = 50;

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50/50 px-6 py-12">
      <div className="mx-auto max-w-lg text-center">
        <div className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl border border-zinc-200 bg-white shadow-card">
          <InboxArrowIcon className="size-5 text-zinc-500" />
        </div>
        <h2 className="text-sm font-semibold text-zinc-900">{searching ? "No received message matches" : "No mail received yet"}</h2>
        {!searching && (
          <p className="mt-1 text-sm text-zinc-500">
            Turn receiving on for a domain (its page, or the API&apos;s <code className="font-mono text-xs">capabilities.receiving</code>
            ), publish the MX record it lists, and mail for that domain arrives here, with its attachments and raw source.{" "}
            <Link href="/domains" className="font-medium text-brand-600 hover:underline">
              Go to Domains
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

export function ReceivingView({ initialMessageId }: { initialMessageId: string | null }) {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const messages = useReceivedEmails({ limit: PAGE_SIZE, offset, q: q || undefined });
  const list = messages.data?.data;
  const { shownId, select } = useMessageSelection(initialMessageId, list);
  const total = messages.data?.pagination.total ?? 0;

  let content;
  if (messages.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading messages" className="space-y-3 rounded-xl border border-zinc-200 p-6">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  } else if (messages.isError && !messages.data) {
    content = <LoadError title="Could not load received mail" error={messages.error} onRetry={() => messages.refetch()} />;
  } else if (!list?.length && offset === 0) {
    content = <EmptyState searching={q !== ""} />;
  } else {
    content = (
      <MailSplitView
        heightClassName="md:h-[calc(100dvh-15rem)] md:min-h-[36rem]"
        pageSize={PAGE_SIZE}
        offset={offset}
        total={total}
        onOffset={setOffset}
        list={<ReceivedMessageList messages={list ?? []} selectedId={shownId} onSelect={select} />}
        pane={shownId ? <ReceivedMessagePane key={shownId} id={shownId} /> : null}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Receiving"
        description="Mail other servers delivered to your receiving domains: the message, its attachments, its SPF, DKIM and DMARC results and its raw source."
      />
      <SearchInput
        label="Search received mail by subject or sender"
        placeholder="Search by subject or sender"
        value={search}
        onValueChange={(value) => {
          setSearch(value);
          setOffset(0);
        }}
        className="mb-4 max-w-sm"
      />
      {content}
    </>
  );
}
