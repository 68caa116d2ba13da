"use client";

import { useState } from "react";
import Link from "next/link";
import { useReceivedEmails } from "@/lib/hooks/use-received-emails";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
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

function Pager(props: { offset: number; total: number; onOffset: (offset: number) => void }) {
  if (props.total <= PAGE_SIZE) return null;
  return (
    <span className="flex gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="size-7 px-0"
        aria-label="Newer messages"
        disabled={props.offset === 0}
        onClick={() => props.onOffset(Math.max(0, props.offset - PAGE_SIZE))}
      >
        <ChevronLeftIcon />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="size-7 px-0"
        aria-label="Older messages"
        disabled={props.offset + PAGE_SIZE >= props.total}
        onClick={() => props.onOffset(props.offset + PAGE_SIZE)}
      >
        <ChevronRightIcon />
      </Button>
    </span>
  );
}

export function ReceivingView({ initialMessageId }: { initialMessageId: string | null }) {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const [selected, setSelected] = useState<string | null>(initialMessageId);
  const messages = useReceivedEmails({ limit: PAGE_SIZE, offset, q: q || undefined });
  const list = messages.data?.data;
  const shownId = selected ?? list?.[0]?.id ?? null;
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
      <div className="grid grid-cols-1 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-card md:h-[calc(100dvh-15rem)] md:min-h-[36rem] md:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="flex min-h-0 flex-col border-b border-zinc-200 md:border-r md:border-b-0">
          <div className="flex h-10 shrink-0 items-center justify-between border-b border-zinc-100 px-4 text-xs text-zinc-500">
            <span>
              {total} message{total === 1 ? "" : "s"}
            </span>
            <Pager offset={offset} total={total} onOffset={setOffset} />
          </div>
          <div className="max-h-80 min-h-0 flex-1 overflow-y-auto md:max-h-none">
            <ReceivedMessageList
              messages={list ?? []}
              selectedId={shownId}
              onSelect={(id) => {
                setSelected(id);
                window.history.replaceState(null, "", `?message=${encodeURIComponent(id)}`);
              }}
            />
          </div>
        </div>
        <div className="min-h-0 min-w-0 overflow-y-auto">
          {shownId ? (
            <ReceivedMessagePane key={shownId} id={shownId} />
          ) : (
            <p className="p-6 text-[13px] text-zinc-500">Select a message to read it.</p>
          )}
        </div>
      </div>
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
