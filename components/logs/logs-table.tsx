"use client";

import { Fragment, useState } from "react";
import type { RequestLogSummary } from "@/lib/hooks/use-request-logs";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { cn } from "@/lib/ui/cn";
import { useNow } from "@/lib/hooks/use-now";
import { Button } from "@/components/ui/button";
import { ChevronDownIcon, ChevronRightIcon } from "@/components/ui/icons";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    // The container the open rows' details take their width from.
    <div className="@container">
      <Table>
        <caption className="sr-only">API requests, newest first</caption>
        <Head />
        <TableBody>
          {logs.map((log) => {
            const expanded = open.has(log.id);
            return (
              <Fragment key={log.id}>
                <TableRow className={cn("cursor-pointer", expanded && "bg-zinc-50/60")} onClick={() => toggle(log.id)}>
                  <TableCell className="w-10 pr-0">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-1.5"
                      aria-expanded={expanded}
                      aria-controls={`log-${log.id}`}
                      aria-label={`${expanded ? "Hide" : "Show"} details of ${log.method} ${log.endpoint}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(log.id);
                      }}
                    >
                      {expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
                    </Button>
                  </TableCell>
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
                </TableRow>
                {expanded && (
                  <tr id={`log-${log.id}`} className="bg-zinc-50/60">
                    <td colSpan={6} className="px-4 pb-4 text-zinc-700">
                      {/* As wide as the table's visible part, and kept in view when the table scrolls sideways. */}
                      <div className="sticky left-4 w-[calc(100cqw-2rem-2px)]">
                        <LogDetails id={log.id} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
