"use client";

import { useState } from "react";
import Link from "next/link";
import { useBroadcastClickedLinks, useBroadcastRecipients, type Broadcast } from "@/lib/hooks/use-broadcasts";
import { useNow } from "@/lib/hooks/use-now";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { LoadError } from "@/components/ui/load-error";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RecipientStatusBadge } from "@/components/emails/recipient-status-badge";
import { TopLinksTable } from "@/components/analytics/top-links-table";

const PAGE = 25;

const STATUS_FILTERS = [
  ["", "Every status"],
  ["delivered", "Delivered"],
  ["bounced", "Bounced"],
  ["complained", "Complained"],
  ["deferred", "Deferred"],
  ["queued", "Queued"],
  ["failed", "Failed"],
] as const;

/** A started broadcast's recipients with their status, and the links its emails had followed. */
export function BroadcastActivity({ broadcast }: { broadcast: Broadcast }) {
  // The broadcast's query polls while it goes out and its emails are delivered: its stats moving
  // (and its status) is when these lists have changed.
  const version = `${broadcast.status}:${Object.values(broadcast.stats).join(",")}`;
  return (
    <div className="mb-8 min-w-0 space-y-8">
      <RecipientsSection broadcastId={broadcast.id} version={version} />
      <LinksSection broadcastId={broadcast.id} version={version} />
    </div>
  );
}

function RecipientsSection({ broadcastId, version }: { broadcastId: string; version: string }) {
  const [status, setStatus] = useState("");
  const [offset, setOffset] = useState(0);
  const recipients = useBroadcastRecipients(broadcastId, { limit: PAGE, offset, status, version });
  const now = useNow();
  const page = recipients.data;
  return (
    <section aria-labelledby="recipients-title">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="recipients-title" className="text-[15px] font-semibold text-zinc-900">
          Recipients
        </h2>
        <Select
          aria-label="Recipients with status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setOffset(0);
          }}
          className="h-8 w-auto! text-[13px]"
        >
          {STATUS_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {recipients.isError && !page ? (
        <LoadError title="Could not load the recipients" error={recipients.error} onRetry={() => void recipients.refetch()} />
      ) : (
        <>
          <Table aria-busy={!page || undefined}>
            <caption className="sr-only">The broadcast&rsquo;s recipients and what happened to each email</caption>
            <TableHeader>
              <tr>
                <TableHead>Email</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Opened</TableHead>
                <TableHead>Clicked</TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {!page && <SkeletonRows cells={["h-4 w-48", "h-5 w-20", "h-4 w-16", "h-4 w-16"]} />}
              {page?.data.map((recipient) => (
                <TableRow key={recipient.id}>
                  <TableCell className="max-w-72">
                    <Link
                      href={`/contacts/${recipient.contactId}`}
                      className="block truncate font-medium text-zinc-900 hover:text-brand-700 hover:underline"
                    >
                      {recipient.email}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <RecipientStatusBadge status={recipient.status} />
                  </TableCell>
                  {[recipient.openedAt, recipient.clickedAt].map((at, i) => (
                    <TableCell key={i} className="text-zinc-500">
                      {at ? (
                        <time dateTime={at} title={formatDateTime(at)}>
                          {formatRelative(at, now)}
                        </time>
                      ) : (
                        "—"
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {page && page.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} className="text-center text-zinc-500">
                    {status ? "No recipient has this status." : "No emails yet."}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          {page && page.pagination.total > PAGE && (
            <Pagination limit={PAGE} offset={offset} total={page.pagination.total} onOffsetChange={setOffset} noun="recipients" />
          )}
        </>
      )}
    </section>
  );
}

function LinksSection({ broadcastId, version }: { broadcastId: string; version: string }) {
  const links = useBroadcastClickedLinks(broadcastId, version);
  return (
    <section aria-labelledby="links-title">
      <h2 id="links-title" className="mb-3 text-[15px] font-semibold text-zinc-900">
        Clicked links
      </h2>
      {links.isError && !links.data ? (
        <LoadError title="Could not load the links" error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data && links.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500">
          No clicks yet. Links in the email count here once someone follows them.
        </p>
      ) : (
        links.data && <TopLinksTable links={links.data} />
      )}
    </section>
  );
}
