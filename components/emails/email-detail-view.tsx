"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useEmail } from "@/lib/hooks/use-emails";
import { useInboxMessages } from "@/lib/hooks/use-inbox";
import { IN_FLIGHT_STATUSES } from "@/lib/ui/email-statuses";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { LoadError } from "@/components/ui/load-error";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { InboxIcon } from "@/components/ui/icons";
import { XCircleIcon } from "./email-icons";
import { Skeleton } from "@/components/ui/skeleton";
import { CancelEmailDialog } from "./cancel-email-dialog";
import { EmailContent } from "./email-content";
import { EmailStatusBadges } from "./email-status-badge";
import { EmailTimeline } from "./email-timeline";
import { RecipientStatusBadge } from "./recipient-status-badge";
import { BackLink, Row, Addresses, Section, StatusNote } from "./email-detail-parts";
import { shownRecord } from "@/lib/ui/fetch-api";

export function EmailDetailView({ id }: { id: string }) {
  const email = useEmail(id);
  const status = email.data?.status;
  const inFlight = status !== undefined && IN_FLIGHT_STATUSES.has(status);
  // The delivered copy appears in the dev inbox while the email is on its way; look once more
  // when its status changes.
  const inbox = useInboxMessages({ limit: 1, offset: 0, emailId: id }, { refreshMs: inFlight ? 3000 : false });
  const refetchInbox = inbox.refetch;
  useEffect(() => {
    if (status) void refetchInbox();
  }, [status, refetchInbox]);
  const [cancelling, setCancelling] = useState(false);

  if (email.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading email">
        <BackLink />
        <Skeleton className="h-8 w-80" />
        <Skeleton className="mt-3 h-5 w-48" />
        <Skeleton className="mt-8 h-40 w-full rounded-xl" />
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
        </div>
      </div>
    );
  }
  const data = shownRecord(email);
  if (!data) {
    return (
      <>
        <BackLink />
        <LoadError
          title="Could not load this email"
          error={email.error}
          onRetry={() => email.refetch()}
          notFound={{ title: "Email not found", message: "Check the link: this email does not exist in your account." }}
        />
      </>
    );
  }

  const inboxMessage = inbox.data?.data[0];
  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">
            {data.subject || <span className="text-zinc-500">(no subject)</span>}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-[13px] text-zinc-500">
            <EmailStatusBadges status={data.status} partiallyBounced={data.partially_bounced} />
            <span>
              Created{" "}
              <time dateTime={data.created_at} title={formatDateTime(data.created_at)}>
                {formatRelative(data.created_at)}
              </time>
            </span>
            <span className="inline-flex items-center gap-1">
              <code className="font-mono text-xs">{data.id}</code>
              <CopyButton value={data.id} ariaLabel="Copy email ID" variant="ghost" className="size-6 px-0" />
            </span>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          {data.status === "scheduled" && (
            <Button variant="danger-ghost" onClick={() => setCancelling(true)}>
              <XCircleIcon />
              Cancel email
            </Button>
          )}
          {inboxMessage && (
            <Link href={`/inbox?message=${inboxMessage.id}`} className={buttonClasses({ variant: "secondary" })}>
              <InboxIcon />
              View in dev inbox
            </Link>
          )}
        </div>
      </div>

      <div className="space-y-6">
        <StatusNote email={data} />
        <section aria-label="Details" className="rounded-xl border border-zinc-200 bg-white px-5 py-2 shadow-card">
          <dl className="grid divide-zinc-100 md:grid-cols-2 md:gap-x-8">
            <Row label="From">{data.from}</Row>
            <Row label="To">
              <Addresses list={data.to} />
            </Row>
            {data.cc.length > 0 && (
              <Row label="Cc">
                <Addresses list={data.cc} />
              </Row>
            )}
            {data.bcc.length > 0 && (
              <Row label="Bcc">
                <Addresses list={data.bcc} />
              </Row>
            )}
            {data.reply_to.length > 0 && (
              <Row label="Reply-To">
                <Addresses list={data.reply_to} />
              </Row>
            )}
            <Row label={data.scheduled_at && !data.sent_at ? "Scheduled for" : "Sent"}>
              {data.sent_at ? (
                formatDateTime(data.sent_at)
              ) : data.scheduled_at ? (
                formatDateTime(data.scheduled_at)
              ) : (
                <span className="text-zinc-500">Not yet</span>
              )}
            </Row>
            <Row label="Tags">
              {data.tags.length ? (
                <span className="flex flex-wrap gap-1.5">
                  {data.tags.map((tag) => (
                    <Link
                      key={`${tag.name}:${tag.value}`}
                      href={`/emails?tag=${encodeURIComponent(`${tag.name}:${tag.value}`)}`}
                      title="Show emails with this tag"
                      className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      <Badge className="font-mono hover:bg-zinc-200/70">
                        {tag.name}: {tag.value}
                      </Badge>
                    </Link>
                  ))}
                </span>
              ) : (
                <span className="text-zinc-500">None</span>
              )}
            </Row>
            {data.template_id && (
              <Row label="Template">
                <Link href={`/templates/${data.template_id}`} className="font-mono text-xs text-brand-600 hover:underline">
                  {data.template_id}
                </Link>
              </Row>
            )}
            {data.attachments.length > 0 && <Row label="Attachments">{data.attachments.map((a) => a.filename).join(", ")}</Row>}
          </dl>
        </section>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="min-w-0 rounded-xl border border-zinc-200 bg-white px-5 pt-2 pb-5 shadow-card">
            <EmailContent email={data} />
          </div>
          <div className="space-y-6">
            <Section title="Recipients" aside={<span className="text-xs text-zinc-500">{data.recipients.length}</span>}>
              <ul className="space-y-2.5">
                {data.recipients.map((recipient) => (
                  <li key={`${recipient.type}:${recipient.email}`} className="flex items-center justify-between gap-3 text-[13px]">
                    <span className="flex min-w-0 items-center gap-2">
                      <span className="w-7 shrink-0 text-[11px] font-medium text-zinc-500 uppercase">{recipient.type}</span>
                      <span className="truncate text-zinc-900" title={recipient.email}>
                        {recipient.email}
                      </span>
                    </span>
                    <RecipientStatusBadge status={recipient.status} />
                  </li>
                ))}
              </ul>
            </Section>
            <Section title="Timeline" aside={inFlight ? <span className="text-xs text-sky-700">Updating live</span> : undefined}>
              <EmailTimeline
                events={data.events}
                pending={inFlight && (data.last_event === "email.deferred" ? "Waiting for the next try…" : "Waiting for delivery…")}
                showRecipient={data.recipients.length > 1}
              />
            </Section>
          </div>
        </div>
      </div>

      <CancelEmailDialog email={cancelling ? data : null} onClose={() => setCancelling(false)} />
    </>
  );
}
