import Link from "next/link";
import type { RecordStatus } from "@/lib/domains/types";
import type { Domain } from "@/lib/hooks/use-domains";
import { cn } from "@/lib/ui/cn";
import { formatDate, formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { LoadError } from "@/components/ui/load-error";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { GlobeIcon, PlusIcon } from "@/components/ui/icons";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DomainStatusBadge } from "./domain-status-badge";
import { useNow } from "@/lib/hooks/use-now";

interface DomainsTableProps {
  domains: Domain[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onAdd: () => void;
  onDelete: (domain: Domain) => void;
}

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Domain</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Records</TableHead>
        <TableHead>Last checked</TableHead>
        <TableHead>Added</TableHead>
        <TableHead>
          <span className="sr-only">Actions</span>
        </TableHead>
      </tr>
    </TableHeader>
  );
}

function LoadingRows() {
  return (
    <Table aria-busy="true" aria-label="Loading domains">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-40", "h-5 w-20", "h-4 w-24", "h-4 w-20", "h-4 w-24", null]} />
      </TableBody>
    </Table>
  );
}

const DOT: Record<RecordStatus, string> = {
  pending: "bg-zinc-300",
  verified: "bg-emerald-500",
  warning: "bg-amber-500",
  failed: "bg-red-500",
};

/** One dot per record in the colour of its last check, named for screen readers. */
function RecordDots({ domain }: { domain: Domain }) {
  if (!domain.lastCheckedAt) return <span className="text-zinc-500">Not checked yet</span>;
  return (
    <ul className="flex gap-3">
      {domain.records.map((record) => (
        <li
          key={`${record.purpose}-${record.name}`}
          className="flex items-center gap-1.5 text-xs text-zinc-600"
          title={`${record.purpose}: ${record.status}`}
        >
          <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOT[record.status])} />
          {record.purpose === "bounce MX" ? "MX" : record.purpose}
          <span className="sr-only">: {record.status}</span>
        </li>
      ))}
    </ul>
  );
}

export function DomainsTable({ domains, loading, error, onRetry, onAdd, onDelete }: DomainsTableProps) {
  const now = useNow();
  if (loading) return <LoadingRows />;
  if (error || !domains) {
    return <LoadError title="Could not load your domains" error={error} onRetry={onRetry} />;
  }
  if (domains.length === 0) {
    return (
      <EmptyState
        icon={GlobeIcon}
        title="No domains yet"
        description="Add the domain you send from. Once its SPF and MX records are published, you can send email from any address on it."
        action={
          <Button onClick={onAdd}>
            <PlusIcon />
            Add domain
          </Button>
        }
      />
    );
  }

  return (
    <Table>
      <caption className="sr-only">Sending domains</caption>
      <Head />
      <TableBody>
        {domains.map((domain) => (
          <TableRow key={domain.id}>
            <TableCell className="font-medium text-zinc-900">
              <Link
                href={`/domains/${domain.id}`}
                className="rounded-sm hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {domain.domain}
              </Link>
            </TableCell>
            <TableCell>
              <DomainStatusBadge status={domain.status} />
            </TableCell>
            <TableCell>
              <RecordDots domain={domain} />
            </TableCell>
            <TableCell>
              {domain.lastCheckedAt ? (
                <time dateTime={domain.lastCheckedAt} title={formatDateTime(domain.lastCheckedAt)}>
                  {formatRelative(domain.lastCheckedAt, now)}
                </time>
              ) : (
                <span className="text-zinc-500">Never</span>
              )}
            </TableCell>
            <TableCell>
              <time dateTime={domain.createdAt} title={formatDateTime(domain.createdAt)}>
                {formatDate(domain.createdAt)}
              </time>
            </TableCell>
            <TableCell className="w-px text-right">
              <Button variant="danger-ghost" size="sm" onClick={() => onDelete(domain)}>
                Delete<span className="sr-only"> {domain.domain}</span>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
