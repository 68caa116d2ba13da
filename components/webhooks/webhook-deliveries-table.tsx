"use client";

import { DeliveryDetails } from "./webhook-delivery-details";
import type { WebhookDelivery } from "@/lib/hooks/use-webhooks";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { LoadError } from "@/components/ui/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { ExpandableRow, ExpandableTable, useExpandedRows } from "@/components/ui/expandable-row";
import { RefreshIcon } from "./webhook-icons";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader } from "@/components/ui/table";
import { eventLabel } from "./event-labels";
import { useNow } from "@/lib/hooks/use-now";

// Six attempts in all: the first and five retries (the spec's table).
const MAX_ATTEMPTS = 6;

interface WebhookDeliveriesTableProps {
  deliveries: WebhookDelivery[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Re-send is offered while the webhook is active (a failed one receives nothing). */
  canResend?: boolean;
  /** The delivery being re-sent, and the one last re-sent. */
  resending?: string | null;
  resent?: string | null;
  resendError?: string | null;
  onResend?: (deliveryId: string) => void;
}

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead className="w-10">
          <span className="sr-only">Details</span>
        </TableHead>
        <TableHead>Result</TableHead>
        <TableHead>Event</TableHead>
        <TableHead>Attempt</TableHead>
        <TableHead>Duration</TableHead>
        <TableHead>Sent</TableHead>
        <TableHead>Next retry</TableHead>
        <TableHead className="text-right">
          <span className="sr-only">Actions</span>
        </TableHead>
      </tr>
    </TableHeader>
  );
}

function Result({ delivery }: { delivery: WebhookDelivery }) {
  const code = delivery.statusCode;
  if (code !== null && code >= 200 && code < 300) return <Badge tone="success">{code}</Badge>;
  if (code !== null) return <Badge tone={code >= 300 && code < 400 ? "warning" : "danger"}>{code}</Badge>;
  return <Badge tone="danger">No response</Badge>;
}

export function WebhookDeliveriesTable({
  deliveries,
  loading,
  error,
  onRetry,
  canResend = false,
  resending = null,
  resent = null,
  resendError = null,
  onResend,
}: WebhookDeliveriesTableProps) {
  const now = useNow();
  const rows = useExpandedRows();

  if (loading) {
    return (
      <Table aria-busy="true" aria-label="Loading deliveries">
        <Head />
        <TableBody>
          <SkeletonRows cells={[null, "h-5 w-12", "h-4 w-40", "h-4 w-12", "h-4 w-12", "h-4 w-20", "h-4 w-20", "h-7 w-20"]} />
        </TableBody>
      </Table>
    );
  }
  if (error || !deliveries) {
    return <LoadError title="Could not load the delivery log" error={error} onRetry={onRetry} />;
  }
  if (deliveries.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50/50 px-5 py-8 text-center text-sm text-zinc-500">
        No deliveries yet. Events this webhook subscribes to show up here, one row per attempt.
      </p>
    );
  }
  return (
    <>
      {resendError && (
        <Alert tone="error" className="mb-3">
          Could not re-send: {resendError}
        </Alert>
      )}
      <ExpandableTable caption="Delivery attempts, newest first" head={<Head />}>
        {deliveries.map((delivery) => (
          <ExpandableRow
            key={delivery.id}
            expanded={rows.isOpen(delivery.id)}
            onToggle={() => rows.toggle(delivery.id)}
            detailsId={`delivery-${delivery.id}`}
            toggleLabel={`details of attempt ${delivery.attempt} for ${delivery.eventId}`}
            colSpan={8}
            details={<DeliveryDetails delivery={delivery} />}
          >
            <TableCell>
              <Result delivery={delivery} />
            </TableCell>
            <TableCell className="max-w-56">
              {/* A long id (a re-send adds .r<random>) is cut: the whole of it is in the title and the details. */}
              <span className="block truncate" title={delivery.eventId}>
                <span className="font-medium text-zinc-900">{eventLabel(delivery.eventType)}</span>{" "}
                <span className="font-mono text-xs text-zinc-500">{delivery.eventId}</span>
              </span>
            </TableCell>
            <TableCell className="tabular-nums">
              {delivery.attempt} <span className="text-zinc-500">of {MAX_ATTEMPTS}</span>
            </TableCell>
            <TableCell className="tabular-nums">{delivery.durationMs.toLocaleString("en-US")} ms</TableCell>
            <TableCell>
              <time dateTime={delivery.createdAt} title={formatDateTime(delivery.createdAt)}>
                {formatRelative(delivery.createdAt, now)}
              </time>
            </TableCell>
            <TableCell>
              {delivery.nextRetryAt ? (
                <time dateTime={delivery.nextRetryAt} title={formatDateTime(delivery.nextRetryAt)}>
                  {formatRelative(delivery.nextRetryAt, now)}
                </time>
              ) : (
                <span className="text-zinc-500">—</span>
              )}
            </TableCell>
            <TableCell className="text-right">
              {canResend && onResend && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={resending === delivery.id}
                  aria-label={`Re-send ${delivery.eventId}`}
                  title="Send this event to the webhook again, as a new delivery"
                  onClick={(event) => {
                    event.stopPropagation();
                    onResend(delivery.id);
                  }}
                >
                  {resent === delivery.id ? <CheckIcon /> : <RefreshIcon />}
                  {resent === delivery.id ? "Queued" : "Re-send"}
                </Button>
              )}
            </TableCell>
          </ExpandableRow>
        ))}
      </ExpandableTable>
    </>
  );
}
