"use client";

import { useState } from "react";
import Link from "next/link";
import { useReceivedEmail, useReceivedRaw, type ReceivedEmail } from "@/lib/hooks/use-received-emails";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon, FileTextIcon } from "@/components/ui/icons";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { RawSource } from "@/components/inbox/raw-source";

type View = "html" | "text" | "raw";

const RESULT_TONE: Record<string, BadgeTone> = {
  pass: "success",
  fail: "danger",
  softfail: "warning",
  temperror: "warning",
  permerror: "danger",
};

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function AuthResults({ results }: { results: ReceivedEmail["authentication"] }) {
  return (
    <div className="mt-3 flex flex-wrap gap-1.5" aria-label="Authentication results">
      {(["spf", "dkim", "dmarc"] as const).map((name) => (
        <Badge key={name} tone={RESULT_TONE[results[name]] ?? "neutral"}>
          {name.toUpperCase()} {results[name]}
        </Badge>
      ))}
    </div>
  );
}

function Attachments({ emailId, attachments }: { emailId: string; attachments: ReceivedEmail["attachments"] }) {
  if (!attachments.length) return null;
  return (
    <section aria-label="Attachments" className="border-b border-zinc-100 px-6 py-3">
      <ul className="flex flex-wrap gap-2">
        {attachments.map((a) => (
          <li key={a.id}>
            <a
              href={`/api/v1/emails/receiving/${encodeURIComponent(emailId)}/attachments/${encodeURIComponent(a.id)}`}
              onClick={async (event) => {
                // The route answers with a signed link; follow it to download the file.
                event.preventDefault();
                const res = await fetch(event.currentTarget.href);
                if (res.ok) window.location.assign(((await res.json()) as { download_url: string }).download_url);
              }}
              className="flex max-w-64 items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 py-1.5 text-[13px] text-zinc-800 shadow-card hover:bg-zinc-50"
            >
              <FileTextIcon className="size-4 shrink-0 text-zinc-500" />
              <span className="truncate">{a.filename ?? "(unnamed)"}</span>
              <span className="shrink-0 text-xs text-zinc-500">{formatBytes(a.size)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RawView({ url }: { url: string }) {
  const raw = useReceivedRaw(url);
  if (raw.isPending) return <Skeleton className="h-80 w-full" />;
  if (raw.isError)
    return (
      <Alert tone="error" title="Could not load the raw source">
        {errorMessage(raw.error)}
      </Alert>
    );
  return <RawSource raw={raw.data} />;
}

export function ReceivedMessagePane({ id }: { id: string }) {
  const message = useReceivedEmail(id);
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
    <article aria-labelledby="received-message-subject" className="flex min-w-0 flex-col">
      <header className="border-b border-zinc-100 px-6 pt-5 pb-4">
        <div className="flex items-start justify-between gap-4">
          <h2 id="received-message-subject" className="min-w-0 text-lg font-semibold tracking-tight break-words text-zinc-900">
            {data.subject || "(no subject)"}
          </h2>
          {data.in_reply_to_email_id && (
            <Link href={`/emails/${data.in_reply_to_email_id}`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Replied-to email
              <ArrowRightIcon className="opacity-60" />
            </Link>
          )}
        </div>
        <dl className="mt-2 grid grid-cols-[3.5rem_minmax(0,1fr)] gap-y-0.5 text-[13px]">
          <dt className="text-zinc-500">From</dt>
          <dd className="truncate text-zinc-900">{data.from}</dd>
          <dt className="text-zinc-500">To</dt>
          <dd className="truncate text-zinc-900">{data.to.join(", ") || "—"}</dd>
          {data.cc.length > 0 && (
            <>
              <dt className="text-zinc-500">Cc</dt>
              <dd className="truncate text-zinc-900">{data.cc.join(", ")}</dd>
            </>
          )}
          <dt className="text-zinc-500">For</dt>
          <dd className="truncate text-zinc-900">{data.received_for.join(", ")}</dd>
          <dt className="text-zinc-500">Date</dt>
          <dd className="text-zinc-900">{formatDateTime(data.created_at)}</dd>
        </dl>
        <AuthResults results={data.authentication} />
      </header>
      <Attachments emailId={data.id} attachments={data.attachments} />
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
              <div className="overflow-hidden rounded-lg border border-zinc-200">
                <SandboxedFrame title="Message HTML" html={data.html} width={640} height={560} fitNarrowBox linksInNewTab />
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
          {view === "raw" && <RawView url={data.raw.download_url} />}
        </Tabs>
      </div>
    </article>
  );
}
