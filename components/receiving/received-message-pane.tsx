"use client";

import Link from "next/link";
import { useReceivedEmail, useReceivedRaw, type ReceivedEmail } from "@/lib/hooks/use-received-emails";
import { errorMessage, shownRecord } from "@/lib/ui/fetch-api";
import { formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon, FileTextIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { RawSource } from "@/components/inbox/raw-source";
import { MessageBodyTabs, MessageHeader, MessagePaneError, MessagePaneLoading } from "@/components/mail-viewer/message-pane";

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

  if (message.isPending) return <MessagePaneLoading />;
  const data = shownRecord(message);
  if (!data) return <MessagePaneError error={message.error} />;

  return (
    <article aria-labelledby="received-message-subject" className="flex min-w-0 flex-col">
      <MessageHeader
        subjectId="received-message-subject"
        subject={data.subject}
        action={
          data.in_reply_to_email_id && (
            <Link href={`/emails/${data.in_reply_to_email_id}`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Replied-to email
              <ArrowRightIcon className="opacity-60" />
            </Link>
          )
        }
        fields={[
          { label: "From", value: data.from },
          { label: "To", value: data.to.join(", ") || "—" },
          ...(data.cc.length > 0 ? [{ label: "Cc", value: data.cc.join(", ") }] : []),
          { label: "For", value: data.received_for.join(", ") },
          { label: "Date", value: formatDateTime(data.created_at), truncate: false },
        ]}
        wideLabels
      >
        <AuthResults results={data.authentication} />
      </MessageHeader>
      <Attachments emailId={data.id} attachments={data.attachments} />
      <MessageBodyTabs html={data.html} text={data.text} raw={() => <RawView url={data.raw.download_url} />} />
    </article>
  );
}
