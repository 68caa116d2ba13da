"use client";

import { useState } from "react";
import Link from "next/link";
import { useScheduledEmails } from "@/lib/hooks/use-emails";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CalendarIcon } from "./email-icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { CancelEmailDialog, type CancellableEmail } from "./cancel-email-dialog";
import { EmailsNav } from "./emails-nav";
import { RecipientSummary } from "./recipient-summary";
import { useNow } from "@/lib/hooks/use-now";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 25;

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Sends</TableHead>
        <TableHead>To</TableHead>
        <TableHead>Subject</TableHead>
        <TableHead>Created</TableHead>
        <TableHead>
          <span className="sr-only">Actions</span>
        </TableHead>
      </tr>
    </TableHeader>
  );
}

export function ScheduledEmailsView() {
  const [offset, setOffset] = useState(0);
  const scheduled = useScheduledEmails({ limit: PAGE_SIZE, offset });
  const [cancelling, setCancelling] = useState<CancellableEmail | null>(null);
  const [cancelled, setCancelled] = useState<CancellableEmail | null>(null);
  const list = scheduled.data?.data;
  const now = useNow();

  let content;
  if (scheduled.isPending) {
    content = (
      <Table aria-busy="true" aria-label="Loading scheduled emails">
        <Head />
        <TableBody>
          <SkeletonRows cells={["h-4 w-36", "h-4 w-40", "h-4 w-48", "h-4 w-20", null]} />
        </TableBody>
      </Table>
    );
  } else if (scheduled.isError && !scheduled.data) {
    content = <LoadError title="Could not load your scheduled emails" error={scheduled.error} onRetry={() => scheduled.refetch()} />;
  } else if (!list?.length) {
    content = (
      <EmptyState
        icon={CalendarIcon}
        title="Nothing scheduled"
        description={
          <>
            Send with{" "}
            <code className="rounded bg-white px-1 py-0.5 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200">scheduled_at</code> (an ISO
            8601 time up to 30 days ahead) and the email waits here until then. You can cancel it until it goes out, and its credits come
            back.
          </>
        }
      />
    );
  } else {
    content = (
      <Table>
        <caption className="sr-only">Scheduled emails, soonest first</caption>
        <Head />
        <TableBody>
          {list.map((email) => (
            <TableRow key={email.id}>
              <TableCell>
                {email.scheduled_at && (
                  <>
                    <span className="block font-medium text-zinc-900">{formatDateTime(email.scheduled_at)}</span>
                    <span className="text-xs text-zinc-500">{formatRelative(email.scheduled_at, now)}</span>
                  </>
                )}
              </TableCell>
              <TableCell className="max-w-52">
                <RecipientSummary to={email.to} />
              </TableCell>
              <TableCell className="max-w-64">
                <Link href={`/emails/${email.id}`} className="block truncate text-zinc-900 hover:underline">
                  {email.subject || <span className="text-zinc-500">(no subject)</span>}
                </Link>
              </TableCell>
              <TableCell className="text-zinc-500">
                <time dateTime={email.created_at} title={formatDateTime(email.created_at)}>
                  {formatRelative(email.created_at, now)}
                </time>
              </TableCell>
              <TableCell className="w-px text-right">
                <Button variant="danger-ghost" size="sm" onClick={() => setCancelling(email)}>
                  Cancel<span className="sr-only"> the email to {email.to.join(", ")}</span>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <>
      <PageHeader title="Emails" description="Emails waiting for their send time, soonest first." />
      <EmailsNav current="scheduled" />
      {cancelled && (
        <div className="mb-4">
          <Alert tone="info" title="Email cancelled, credits refunded">
            <span>
              The email to {cancelled.to.join(", ")} will not be sent.{" "}
              <Link href={`/emails/${cancelled.id}`} className="font-medium underline">
                View it
              </Link>{" "}
              or see the refund in{" "}
              <Link href="/settings#credits" className="font-medium underline">
                your credits
              </Link>
              .
            </span>
          </Alert>
        </div>
      )}
      {content}
      {scheduled.data && list && list.length > 0 && (
        <Pagination
          limit={PAGE_SIZE}
          offset={offset}
          total={scheduled.data.pagination.total}
          onOffsetChange={setOffset}
          noun="scheduled emails"
        />
      )}
      <CancelEmailDialog email={cancelling} onClose={() => setCancelling(null)} onCancelled={setCancelled} />
    </>
  );
}
