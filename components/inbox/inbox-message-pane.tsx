"use client";

import { useState } from "react";
import Link from "next/link";
import { useInboxMessage, type InboxMessage } from "@/lib/hooks/use-inbox";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { RawSource } from "./raw-source";
import { OpenAsRecipient } from "./open-as-recipient";

type View = "html" | "text" | "raw";

export function InboxMessagePane({ id }: { id: string }) {
  const message = useInboxMessage(id);
  const [view, setView] = useState<View>("html");

  if (message.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading message" className="space-y-3 p-6">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-6 h-96 w-full" />
      </div>
    );
  }
  if (message.isError) {
    return (
      <div className="p-6">
        <Alert tone="error" title="Could not load this message">
          {errorMessage(message.error)}
        </Alert>
      </div>
    );
  }

  const data = message.data;
  return (
    <article aria-labelledby="inbox-message-subject" className="flex min-w-0 flex-col">
      <header className="border-b border-zinc-100 px-6 pt-5 pb-4">
        <div className="flex items-start justify-between gap-4">
          <h2 id="inbox-message-subject" className="min-w-0 text-lg font-semibold tracking-tight break-words text-zinc-900">
            {data.subject || "(no subject)"}
          </h2>
          {data.emailId && (
            <Link href={`/emails/${data.emailId}`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Email details
              <ArrowRightIcon className="opacity-60" />
            </Link>
          )}
        </div>
        <dl className="mt-2 grid grid-cols-[3rem_minmax(0,1fr)] gap-y-0.5 text-[13px]">
          <dt className="text-zinc-500">From</dt>
          <dd className="truncate text-zinc-900">{data.from}</dd>
          <dt className="text-zinc-500">To</dt>
          <dd className="truncate text-zinc-900">{data.to.join(", ")}</dd>
          <dt className="text-zinc-500">Date</dt>
          <dd className="text-zinc-900">{formatDateTime(data.createdAt)}</dd>
        </dl>
        <OpenAsRecipient message={data} />
      </header>
      <div className="px-6 pt-2 pb-6">
        <Tabs
          label="Message view"
          value={view}
          onValueChange={setView}
          items={[
            { value: "html", label: "HTML" },
            { value: "text", label: "Text" },
            { value: "raw", label: "Raw source" },
          ]}
        >
          {view === "html" &&
            (data.html ? (
              <div className="space-y-2">
                <div className="overflow-hidden rounded-lg border border-zinc-200">
                  <SandboxedFrame title="Message HTML" html={data.html} width={640} height={560} fitNarrowBox linksInNewTab />
                </div>
                <WhatCounts tracking={data.tracking} />
              </div>
            ) : (
              <p className="py-8 text-center text-[13px] text-zinc-500">This message has no HTML part.</p>
            ))}
          {view === "text" &&
            (data.text ? (
              <pre className="max-h-[560px] overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 p-4 font-mono text-[13px] leading-6 whitespace-pre-wrap text-zinc-800">
                {data.text}
              </pre>
            ) : (
              <p className="py-8 text-center text-[13px] text-zinc-500">This message has no text part.</p>
            ))}
          {view === "raw" && <RawSource raw={data.raw} />}
        </Tabs>
      </div>
    </article>
  );
}

/** Exactly what this page records, so the numbers in Overview are no surprise. */
function WhatCounts({ tracking }: { tracking: InboxMessage["tracking"] }) {
  return (
    <p className="text-xs text-zinc-500" data-testid="inbox-what-counts">
      Viewing a message here is not an open; <span className="font-medium text-zinc-700">Open as recipient</span> counts one.{" "}
      {tracking.trackedLinks > 0
        ? "Links open in a new tab through the click tracker: clicking one counts a click."
        : "Links open in a new tab; this copy's links are not tracked, so clicking one counts nothing."}
    </p>
  );
}
