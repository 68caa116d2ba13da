"use client";

import type { RequestLogSummary } from "@/lib/hooks/use-request-logs";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { cn } from "@/lib/ui/cn";
import { useNow } from "@/lib/hooks/use-now";
import { ExpandableRow, ExpandableTable, useExpandedRows } from "@/components/ui/expandable-row";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader } from "@/components/ui/table";
import { LogDetails } from "./log-details";
import { LogStatusBadge } from "./log-status-badge";

// On a phone a row keeps the status, the method and the path, with the time under the path.
const WIDE = "hidden sm:table-cell";

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead className="w-10">
          <span className="sr-only">Details</span>
        </TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Method</TableHead>
        <TableHead>Path</TableHead>
        <TableHead className={WIDE}>Duration</TableHead>
        <TableHead className={cn(WIDE, "text-right")}>When</TableHead>
      </tr>
    </TableHeader>
  );
}

export function LogsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading requests">
      <Head />
      <TableBody>
        <SkeletonRows
          cells={[null, "h-5 w-12", "h-4 w-12", "h-4 w-48", "h-4 w-14", "ml-auto h-4 w-20"]}
          cellClassNames={[undefined, undefined, undefined, undefined, WIDE, WIDE]}
          rows={4}
        />
      </TableBody>
    </Table>
  );
}

/** The request log: one row per request, newest first; a row opens to its bodies. */
export function LogsTable({ logs }: { logs: RequestLogSummary[] }) {
  const now = useNow();
  const rows = useExpandedRows();

  return (
    <ExpandableTable caption="API requests, newest first" head={<Head />}>
      {logs.map((log) => (
        <ExpandableRow
          key={log.id}
          expanded={rows.isOpen(log.id)}
          onToggle={() => rows.toggle(log.id)}
          detailsId={`log-${log.id}`}
          toggleLabel={`details of ${log.method} ${log.endpoint}`}
          colSpan={6}
          details={<LogDetails id={log.id} />}
        >
          <TableCell className="w-px">
            <LogStatusBadge status={log.response_status} />
          </TableCell>
          <TableCell className="w-px font-mono text-xs font-medium text-zinc-700">{log.method}</TableCell>
          <TableCell className="w-full max-w-0 sm:max-w-96">
            <span className="block truncate font-mono text-xs text-zinc-900" title={log.endpoint}>
              {log.endpoint}
            </span>
            <span className="text-xs text-zinc-500 sm:hidden">
              <time dateTime={log.created_at}>{formatRelative(log.created_at, now)}</time> · {log.duration_ms} ms
            </span>
          </TableCell>
          <TableCell className={cn(WIDE, "text-zinc-500 tabular-nums")}>{log.duration_ms.toLocaleString("en-US")} ms</TableCell>
          <TableCell className={cn(WIDE, "text-right whitespace-nowrap text-zinc-500")}>
            <time dateTime={log.created_at} title={formatDateTime(log.created_at)}>
              {formatRelative(log.created_at, now)}
            </time>
          </TableCell>
        </ExpandableRow>
      ))}
    </ExpandableTable>
  );
}
