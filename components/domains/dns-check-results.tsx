import type { DnsProblem, DomainCheck, RecordKey } from "@/lib/domains/types";
import { cn } from "@/lib/ui/cn";
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from "@/components/ui/icons";
import { RecordStatusBadge } from "./domain-status-badge";

const ORDER: { key: RecordKey; title: string; note: string }[] = [
  { key: "mx", title: "Bounce MX", note: "Required: bounces and complaints come back through it." },
  { key: "spf", title: "SPF", note: "Required: authorises our servers to send for the domain." },
  { key: "dkim", title: "DKIM", note: "Recommended: lets receivers verify our signature on your mail." },
  { key: "dmarc", title: "DMARC", note: "Recommended: tells receivers what to do with mail that fails." },
  { key: "receiving", title: "Receiving MX", note: "Needed to receive: routes the domain's incoming mail to Mailwright." },
];

const SEVERITY = {
  error: { icon: AlertCircleIcon, className: "text-red-700" },
  warning: { icon: AlertTriangleIcon, className: "text-amber-800" },
  info: { icon: InfoIcon, className: "text-brand-700" },
} as const;

function Problem({ problem }: { problem: DnsProblem }) {
  const { icon: Icon, className } = SEVERITY[problem.severity];
  return (
    <li className={cn("flex gap-2 text-[13px] leading-5", className)}>
      <Icon className="mt-0.5" />
      <span>
        <span className="sr-only">{problem.severity}: </span>
        {problem.message}
      </span>
    </li>
  );
}

/** The last check, record by record: what DNS answered beside what we expect, and why it fails. */
export function DnsCheckResults({ check }: { check: DomainCheck }) {
  return (
    <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-card">
      {ORDER.map(({ key, title, note }) => {
        const result = check.records[key as keyof DomainCheck["records"]];
        // The receiving MX is checked only while the domain receives mail.
        if (!result) return null;
        const problems = check.problems.filter((p) => p.record === key);
        return (
          <li key={key} className="space-y-3 px-5 py-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h3 className="text-sm font-semibold text-zinc-900">
                  {title}{" "}
                  <span className="font-mono text-xs font-normal text-zinc-500">
                    {result.type} {result.name}
                  </span>
                </h3>
                <p className="text-xs text-zinc-500">{note}</p>
              </div>
              <RecordStatusBadge status={result.status} />
            </div>
            <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[6rem_1fr]">
              <dt className="font-medium text-zinc-500">Expected</dt>
              <dd className="font-mono break-all text-zinc-800">{result.expected}</dd>
              <dt className="font-medium text-zinc-500">Found</dt>
              <dd className="font-mono break-all text-zinc-800">
                {result.dnsError ? (
                  <span className="font-sans text-red-700">Lookup failed ({result.dnsError})</span>
                ) : result.found.length === 0 ? (
                  <span className="font-sans text-zinc-500">Nothing at this name</span>
                ) : (
                  <ul className="space-y-1">
                    {result.found.map((value, i) => (
                      <li key={i}>{value}</li>
                    ))}
                  </ul>
                )}
              </dd>
              {result.lookups !== undefined && (
                <>
                  <dt className="font-medium text-zinc-500">DNS lookups</dt>
                  <dd className="text-zinc-800">{result.lookups} of 10 allowed</dd>
                </>
              )}
            </dl>
            {problems.length > 0 && (
              <ul className="space-y-1.5">
                {problems.map((problem, i) => (
                  <Problem key={`${problem.code}-${i}`} problem={problem} />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
