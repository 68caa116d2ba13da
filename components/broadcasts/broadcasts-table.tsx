import { useNow } from "@/lib/hooks/use-now";
import Link from "next/link";
import type { Broadcast } from "@/lib/hooks/use-broadcasts";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { BroadcastStatusBadge } from "./broadcast-status-badge";

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Name</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>List</TableHead>
        <TableHead className="text-right">Recipients</TableHead>
        <TableHead className="text-right">Opened</TableHead>
        <TableHead className="text-right">When</TableHead>
      </tr>
    </TableHeader>
  );
}

export function BroadcastsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading broadcasts">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-36", "h-5 w-16", "h-4 w-24", "ml-auto h-4 w-10", "ml-auto h-4 w-10", "ml-auto h-4 w-20"]} />
      </TableBody>
    </Table>
  );
}

export function BroadcastsTable({ broadcasts }: { broadcasts: Broadcast[] }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Broadcasts</caption>
      <Head />
      <TableBody>
        {broadcasts.map((b) => {
          const when = b.finishedAt ?? b.startedAt ?? b.scheduledAt ?? b.updatedAt;
          return (
            <TableRow key={b.id} className="relative">
              <TableCell className="max-w-64">
                <Link
                  href={`/broadcasts/${b.id}`}
                  className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
                >
                  {b.name}
                </Link>
                <span className="block truncate text-xs text-zinc-500">{b.subject}</span>
              </TableCell>
              <TableCell>
                <BroadcastStatusBadge broadcast={b} />
              </TableCell>
              <TableCell className="text-zinc-600">{b.listName ?? <span className="text-zinc-500">deleted list</span>}</TableCell>
              <TableCell className="text-right tabular-nums">{b.status === "draft" ? "—" : b.stats.recipients.toLocaleString()}</TableCell>
              <TableCell className="text-right tabular-nums">{b.status === "draft" ? "—" : b.stats.opened.toLocaleString()}</TableCell>
              <TableCell className="text-right text-zinc-500">
                <time dateTime={when} title={formatDateTime(when)}>
                  {b.status === "scheduled" && b.scheduledAt ? formatDateTime(b.scheduledAt) : formatRelative(when, now)}
                </time>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
