import { Fragment } from "react";
import type { WebhookDelivery } from "@/lib/hooks/use-webhooks";
import { formatDateTime } from "@/lib/ui/format-date";

/** An HTTP message as text: its first line, its headers, a blank line, its body (wrapped, scrollable). */
function HttpMessage({
  label,
  firstLine,
  headers,
  body,
}: {
  label: string;
  firstLine: string;
  headers: Record<string, string>;
  body: string;
}) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-lg border border-zinc-200 bg-white p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <span className="font-semibold text-zinc-900">{firstLine}</span>
      {Object.entries(headers).map(([name, value]) => (
        <Fragment key={name}>
          {"\n"}
          <span className="text-zinc-500">{name}:</span> {value}
        </Fragment>
      ))}
      {body ? `\n\n${body}` : ""}
    </pre>
  );
}

/** One attempt in full: its ids, its error, and the request and response as HTTP text. */
export function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  const { request, response } = delivery;
  return (
    <div className="space-y-4 whitespace-normal py-1">
      <dl className="grid gap-x-6 gap-y-1 text-[13px] sm:grid-cols-[max-content_1fr]">
        <dt className="text-zinc-500">Event id</dt>
        <dd className="font-mono text-xs break-all text-zinc-800">{delivery.eventId}</dd>
        <dt className="text-zinc-500">Attempted</dt>
        <dd className="text-zinc-800">{formatDateTime(delivery.createdAt)}</dd>
        {delivery.error && (
          <>
            <dt className="text-zinc-500">Error</dt>
            <dd className="break-words text-red-700">{delivery.error}</dd>
          </>
        )}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="min-w-0">
          <h3 className="mb-1 text-[13px] font-medium text-zinc-700">Request</h3>
          {request ? (
            <>
              <HttpMessage
                label={`Request of attempt ${delivery.attempt}`}
                firstLine={`${request.method} ${request.url}`}
                headers={request.headers}
                body={request.body}
              />
              <p className="mt-1 text-xs text-zinc-500">Credentials in headers are shown as [redacted]; the signing secret never is.</p>
            </>
          ) : (
            <p className="text-[13px] text-zinc-500">Not recorded for this attempt.</p>
          )}
        </section>
        <section className="min-w-0">
          <h3 className="mb-1 text-[13px] font-medium text-zinc-700">Response</h3>
          {response ? (
            <>
              <HttpMessage
                label={`Response to attempt ${delivery.attempt}`}
                firstLine={`HTTP ${response.statusCode}`}
                headers={response.headers}
                body={response.body}
              />
              {response.bodyTruncated && <p className="mt-1 text-xs text-zinc-500">The body was longer: its first 4 KB are kept.</p>}
            </>
          ) : (
            <p className="text-[13px] text-zinc-500">No response received{delivery.error ? ": see the error above." : "."}</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** The delivery log: one row per attempt, newest first; a row opens to its error, request and response. */
