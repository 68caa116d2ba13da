"use client";

import { useApiKeys } from "@/lib/hooks/use-api-keys";
import { useRequestLog } from "@/lib/hooks/use-request-logs";
import { formatDateTime } from "@/lib/ui/format-date";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";

function bodyText(body: unknown, truncated: boolean): string {
  if (body === null || body === undefined) return "";
  // A body past the cap is stored as its first characters (a string).
  if (truncated && typeof body === "string") return `${body}…`;
  return JSON.stringify(body, null, 2);
}

function Body({ label, body, truncated }: { label: string; body: unknown; truncated: boolean }) {
  const text = bodyText(body, truncated);
  return (
    <section className="min-w-0">
      <h3 className="mb-1 text-[13px] font-medium text-zinc-700">{label}</h3>
      {text ? (
        <pre
          aria-label={label}
          tabIndex={0}
          className="max-h-80 overflow-auto rounded-lg border border-zinc-200 bg-white p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {text}
        </pre>
      ) : (
        <p className="text-[13px] text-zinc-500">No body.</p>
      )}
      {truncated && <p className="mt-1 text-xs text-zinc-500">The body was longer: its first 16 KB are kept.</p>}
    </section>
  );
}

/** An opened row: the request's facts and its redacted bodies, read when the row opens. */
export function LogDetails({ id }: { id: string }) {
  const log = useRequestLog(id, true);
  // The key by its name, as the API keys page shows it (an account keeps few keys).
  const keys = useApiKeys({ limit: 100, offset: 0 });
  if (log.isPending) return <Skeleton className="h-24 w-full" />;
  if (log.isError || !log.data) return <LoadError title="Could not load this request" error={log.error} onRetry={() => log.refetch()} />;
  const entry = log.data;
  const query = entry.query ? `?${new URLSearchParams(entry.query)}` : "";
  return (
    <div className="space-y-4 py-1 whitespace-normal">
      <dl className="grid gap-x-6 gap-y-1 text-[13px] sm:grid-cols-[max-content_1fr]">
        <dt className="text-zinc-500">Request</dt>
        <dd className="font-mono text-xs break-all text-zinc-800">
          {entry.method} /api/v1{entry.endpoint}
          {query}
        </dd>
        <dt className="text-zinc-500">At</dt>
        <dd className="text-zinc-800">{formatDateTime(entry.created_at)}</dd>
        <dt className="text-zinc-500">API key</dt>
        <dd className="text-zinc-800">
          {entry.api_key_id ? (
            <>
              {keys.data && (keys.data.data.find((k) => k.id === entry.api_key_id)?.name ?? "A deleted key")}{" "}
              <span className="font-mono text-xs break-all text-zinc-500">{entry.api_key_id}</span>
            </>
          ) : (
            "—"
          )}
        </dd>
        <dt className="text-zinc-500">User agent</dt>
        <dd className="text-xs break-all text-zinc-800">{entry.user_agent ?? "—"}</dd>
        <dt className="text-zinc-500">Request id</dt>
        <dd className="font-mono text-xs break-all text-zinc-800">{entry.request_id}</dd>
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Body label="Request body" body={entry.request_body} truncated={entry.request_body_truncated} />
        <Body label="Response body" body={entry.response_body} truncated={entry.response_body_truncated} />
      </div>
      <p className="text-xs text-zinc-500">Keys, passwords, webhook secrets and attachment content are shown as [redacted].</p>
    </div>
  );
}
