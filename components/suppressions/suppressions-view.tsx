"use client";

import { SearchInput } from "@/components/ui/search-input";
import { useState } from "react";
import Link from "next/link";
import { useSuppressions, type Suppression } from "@/lib/hooks/use-suppressions";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BanIcon, SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LiftSuppressionDialog } from "./lift-suppression-dialog";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;

const REASON: Record<Suppression["reason"], { label: string; tone: BadgeTone }> = {
  hard_bounce: { label: "Hard bounce", tone: "danger" },
  complaint: { label: "Complaint", tone: "orange" },
  unsubscribe: { label: "Unsubscribed", tone: "neutral" },
  manual: { label: "Added by you", tone: "neutral" },
};

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Address</TableHead>
        <TableHead>Reason</TableHead>
        <TableHead>Email</TableHead>
        <TableHead>Suppressed</TableHead>
        <TableHead className="text-right">
          <span className="sr-only">Actions</span>
        </TableHead>
      </tr>
    </TableHeader>
  );
}

function SuppressionsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading suppressions">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-48", "h-4 w-24", "h-4 w-28", "h-4 w-20", "h-4 w-16"]} />
      </TableBody>
    </Table>
  );
}

function SuppressionsTable({ rows, onLift }: { rows: Suppression[]; onLift: (row: Suppression) => void }) {
  return (
    <Table>
      <caption className="sr-only">Suppressed addresses, newest first</caption>
      <Head />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="max-w-72 truncate font-medium text-zinc-900" title={row.email}>
              {row.email}
            </TableCell>
            <TableCell>
              <Badge tone={REASON[row.reason].tone} dot>
                {REASON[row.reason].label}
              </Badge>
            </TableCell>
            <TableCell>
              {row.emailId ? (
                <Link
                  href={`/emails/${row.emailId}`}
                  className="font-mono text-xs text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {row.emailId}
                  {/* Named by its visible id first (WCAG 2.5.3), then what it is. */}
                  <span className="sr-only">, the email that suppressed {row.email}</span>
                </Link>
              ) : (
                <span className="text-zinc-500">—</span>
              )}
            </TableCell>
            <TableCell className="text-zinc-500">
              <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
                {formatRelative(row.createdAt)}
              </time>
            </TableCell>
            <TableCell className="text-right">
              <Button variant="secondary" size="sm" onClick={() => onLift(row)} aria-label={`Lift suppression of ${row.email}`}>
                Lift
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SuppressionsView() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [lifting, setLifting] = useState<Suppression | null>(null);
  const query = useDebouncedValue(search.trim());
  const suppressions = useSuppressions({ limit: PAGE_SIZE, offset, q: query || undefined });
  const list = suppressions.data?.data;

  let content;
  if (suppressions.isPending) content = <SuppressionsTableSkeleton />;
  else if (suppressions.isError && !suppressions.data)
    content = <LoadError title="Could not load your suppressions" error={suppressions.error} onRetry={() => suppressions.refetch()} />;
  else if (list && list.length === 0 && !query)
    content = (
      <EmptyState
        icon={BanIcon}
        title="No suppressed addresses"
        description="When an address hard-bounces or marks your email as spam, Mailwright stops sending to it and lists it here."
      />
    );
  else if (list && list.length === 0)
    content = (
      <EmptyState
        icon={SearchIcon}
        title="No addresses match"
        description={<>No suppressed address contains &ldquo;{query}&rdquo;.</>}
        action={
          <Button variant="secondary" onClick={() => setSearch("")}>
            Clear search
          </Button>
        }
      />
    );
  else content = <SuppressionsTable rows={list ?? []} onLift={setLifting} />;

  const showSearch = Boolean(query || (list && list.length > 0) || offset > 0);
  return (
    <>
      <PageHeader
        title="Suppressions"
        description="Addresses Mailwright no longer sends to, after a hard bounce or a spam complaint. Lift one to send to it again."
      />
      {showSearch && (
        <SearchInput
          className="mb-4 max-w-xs"
          label="Search suppressions by address"
          placeholder="Search by address"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setOffset(0);
          }}
        />
      )}
      {content}
      {suppressions.data && list && list.length > 0 && (
        <Pagination
          limit={PAGE_SIZE}
          offset={offset}
          total={suppressions.data.pagination.total}
          onOffsetChange={setOffset}
          noun="addresses"
        />
      )}
      <LiftSuppressionDialog suppression={lifting} onClose={() => setLifting(null)} />
    </>
  );
}
