import type { DomainRecord } from "@/lib/domains/types";
import { CopyButton } from "@/components/ui/copy-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RecordStatusBadge } from "./domain-status-badge";

/** The records to publish, each name and value with its own copy button. */
export function DnsRecordsTable({ records }: { records: DomainRecord[] }) {
  return (
    <Table>
      <caption className="sr-only">DNS records to publish</caption>
      <TableHeader>
        <tr>
          <TableHead>Record</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Value</TableHead>
          <TableHead>Status</TableHead>
        </tr>
      </TableHeader>
      <TableBody>
        {records.map((record) => (
          <TableRow key={`${record.purpose}-${record.name}`} className="align-top">
            <TableCell className="h-auto py-3">
              <div className="flex items-center gap-2">
                <span className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-xs font-medium text-zinc-700">
                  {record.type}
                </span>
                <span className="font-medium text-zinc-900">{record.purpose === "bounce MX" ? "Bounces" : record.purpose}</span>
              </div>
              <p className="mt-1 text-xs text-zinc-500">{record.required ? "Required" : "Recommended"}</p>
            </TableCell>
            <TableCell className="h-auto py-3">
              <div className="flex items-start gap-1.5">
                <code className="font-mono text-xs leading-8 text-zinc-800">{record.name}</code>
                <CopyButton value={record.name} ariaLabel={`Copy the ${record.purpose} record name`} variant="ghost" />
              </div>
            </TableCell>
            <TableCell className="h-auto max-w-md py-3 whitespace-normal">
              <div className="flex items-start gap-1.5">
                <code className="min-w-0 py-1.5 font-mono text-xs leading-5 break-all text-zinc-800">
                  {record.priority !== undefined && (
                    <span className="mr-2 text-zinc-500" title="Priority">
                      {record.priority}
                    </span>
                  )}
                  {record.value}
                </code>
                <CopyButton value={record.value} ariaLabel={`Copy the ${record.purpose} record value`} variant="ghost" />
              </div>
            </TableCell>
            <TableCell className="h-auto py-3">
              <div className="pt-1.5">
                <RecordStatusBadge status={record.status} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
