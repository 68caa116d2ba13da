"use client";

import { useState } from "react";
import { useAuditLog, type AuditEntry } from "@/lib/hooks/use-audit-log";
import { formatDateTime } from "@/lib/ui/format-date";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/ui/empty-state";

const PAGE_SIZE = 50;
const WIDE = "hidden md:table-cell";
const RESOURCES = ["api_key", "domain", "webhook", "member", "template", "automation", "broadcast", "contact", "contacts", "account"];

function actorText(e: AuditEntry) {
  if (e.actor.type === "api_key") return `API key ${e.actor.id}`;
  return e.actor.label ?? e.actor.id;
}

/** The summary in words: the fields changed, and what it was before and after. */
function summaryText(summary: unknown): string {
  if (!summary || typeof summary !== "object") return "";
  const s = summary as { changed?: string[]; before?: unknown; after?: unknown; email?: string };
  const parts: string[] = [];
  if (s.email) parts.push(s.email);
  if (s.changed?.length) parts.push(`changed ${s.changed.join(", ")}`);
  const show = (v: unknown) =>
    v && typeof v === "object"
      ? Object.entries(v)
          .map(([k, x]) => `${k}: ${Array.isArray(x) ? x.join(", ") : String(x)}`)
          .join("; ")
      : "";
  if (s.before) parts.push(`before ${show(s.before)}`);
  if (s.after) parts.push(`after ${show(s.after)}`);
  return parts.join(" · ");
}

/** Who changed what: newest first, filtered by resource and actor. */
export function AuditLogView() {
  const [offset, setOffset] = useState(0);
  const [action, setAction] = useState("");
  const [actor, setActor] = useState("");
  const log = useAuditLog({ limit: PAGE_SIZE, offset, action, actor: actor.trim() });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change that matters, with who made it (a member or an API key), from which address, and what changed. Entries are chained by hash and kept 365 days."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <Select
          aria-label="Resource"
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
            setOffset(0);
          }}
        >
          <option value="">All resources</option>
          {RESOURCES.map((r) => (
            <option key={r} value={r}>
              {r.replace("_", " ")}
            </option>
          ))}
        </Select>
        <Input
          aria-label="Actor"
          placeholder="Actor: email or API key id"
          value={actor}
          onChange={(e) => {
            setActor(e.target.value);
            setOffset(0);
          }}
        />
      </div>
      {log.isPending ? (
        <Table aria-busy="true" aria-label="Loading the audit log">
          <TableBody>
            <SkeletonRows cells={["h-4 w-32", "h-4 w-40", "h-4 w-48"]} />
          </TableBody>
        </Table>
      ) : log.isError && !log.data ? (
        <LoadError title="Could not load the audit log" error={log.error} onRetry={() => log.refetch()} />
      ) : log.data?.data.length === 0 ? (
        <EmptyState
          title="Nothing recorded yet"
          description="API keys, domains, webhooks, members and other changes show here as they happen."
        />
      ) : (
        <Table>
          <caption className="sr-only">Audit log</caption>
          <TableHeader>
            <tr>
              <TableHead className="hidden sm:table-cell">When</TableHead>
              <TableHead>Action</TableHead>
              <TableHead className={WIDE}>Actor</TableHead>
              <TableHead className={WIDE}>Details</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {log.data?.data.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="hidden align-top whitespace-nowrap text-zinc-600 sm:table-cell">
                  <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                </TableCell>
                <TableCell className="w-full max-w-0 py-2 align-top md:w-auto md:max-w-none">
                  <time dateTime={e.createdAt} className="block text-xs text-zinc-500 sm:hidden">
                    {formatDateTime(e.createdAt)}
                  </time>
                  <code className="font-mono text-xs text-zinc-900">{e.action}</code>
                  {e.target.id && <span className="block truncate font-mono text-xs text-zinc-500">{e.target.id}</span>}
                  <span className="block truncate text-xs text-zinc-500 md:hidden">{actorText(e)}</span>
                </TableCell>
                <TableCell className={`${WIDE} align-top`}>
                  <span className="block max-w-48 truncate">{actorText(e)}</span>
                  {e.ipAddress && <span className="block font-mono text-xs text-zinc-500">{e.ipAddress}</span>}
                </TableCell>
                <TableCell className={`${WIDE} align-top text-xs whitespace-normal text-zinc-600`}>
                  <span className="line-clamp-3 w-56 whitespace-normal [overflow-wrap:anywhere]" title={summaryText(e.summary)}>
                    {summaryText(e.summary)}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {log.data && log.data.pagination.total > PAGE_SIZE && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={log.data.pagination.total} onOffsetChange={setOffset} noun="entries" />
      )}
    </>
  );
}
