import type { DomainRecord } from "@/lib/domains/types";
import { CopyButton } from "@/components/ui/copy-button";
import { RecordStatusBadge } from "./domain-status-badge";

const TITLES: Record<DomainRecord["purpose"], string> = {
  "bounce MX": "Bounces",
  SPF: "SPF",
  DKIM: "DKIM",
  DMARC: "DMARC",
  "receiving MX": "Receiving",
};

function CopyRow({ label, value, copyLabel, prefix }: { label: string; value: string; copyLabel: string; prefix?: string }) {
  return (
    <div className="grid grid-cols-[3.5rem_1fr_auto] items-start gap-2">
      <dt className="pt-1.5 text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="min-w-0 rounded-md bg-zinc-50 px-2.5 py-1.5 font-mono text-xs leading-5 break-all text-zinc-800 ring-1 ring-zinc-200 ring-inset">
        {prefix && <span className="mr-2 text-zinc-500">{prefix}</span>}
        {value}
      </dd>
      <dd>
        <CopyButton value={value} ariaLabel={copyLabel} variant="ghost" />
      </dd>
    </div>
  );
}

/**
 * The records to publish, stacked rather than in table columns: a DKIM value is ~410
 * characters, and each name and value needs its own copy button.
 */
export function DnsRecordsList({ records }: { records: DomainRecord[] }) {
  return (
    <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-card">
      {records.map((record) => (
        <li key={`${record.purpose}-${record.name}`} className="space-y-3 px-5 py-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <span className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-xs font-medium text-zinc-700">{record.type}</span>
              <h3 className="text-sm font-semibold text-zinc-900">{TITLES[record.purpose]}</h3>
              <span className="text-xs text-zinc-500">{record.required ? "Required" : "Recommended"}</span>
            </div>
            <RecordStatusBadge status={record.status} />
          </div>
          <dl className="space-y-2">
            <CopyRow label="Name" value={record.name} copyLabel={`Copy the ${TITLES[record.purpose]} record name`} />
            <CopyRow
              label="Value"
              value={record.value}
              prefix={record.priority !== undefined ? `priority ${record.priority}` : undefined}
              copyLabel={`Copy the ${TITLES[record.purpose]} record value`}
            />
          </dl>
        </li>
      ))}
    </ul>
  );
}
