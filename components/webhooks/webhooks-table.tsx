import Link from "next/link";
import type { Webhook } from "@/lib/hooks/use-webhooks";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/schemas";
import { formatDate, formatDateTime } from "@/lib/ui/format-date";
import { LoadError } from "@/components/ui/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, WebhookIcon } from "@/components/ui/icons";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { eventLabel } from "./event-labels";
import { WebhookHealthFigure, WebhookStatusBadge } from "./webhook-status-badge";

interface WebhooksTableProps {
  webhooks: Webhook[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onCreate: () => void;
}

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Endpoint</TableHead>
        <TableHead>Events</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Failure rate (24 h)</TableHead>
        <TableHead>Created</TableHead>
      </tr>
    </TableHeader>
  );
}

function Events({ events }: { events: string[] }) {
  if (events.length === WEBHOOK_EVENT_TYPES.length) return <Badge tone="brand">All events</Badge>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {events.map((type) => (
        <Badge key={type} title={type}>
          {eventLabel(type)}
        </Badge>
      ))}
    </div>
  );
}

export function WebhooksTable({ webhooks, loading, error, onRetry, onCreate }: WebhooksTableProps) {
  if (loading) {
    return (
      <Table aria-busy="true" aria-label="Loading webhooks">
        <Head />
        <TableBody>
          <SkeletonRows cells={["h-4 w-72", "h-5 w-24", "h-5 w-16", "h-4 w-28", "h-4 w-24"]} />
        </TableBody>
      </Table>
    );
  }
  if (error || !webhooks) {
    return <LoadError title="Could not load your webhooks" error={error} onRetry={onRetry} />;
  }
  if (webhooks.length === 0) {
    return (
      <EmptyState
        icon={WebhookIcon}
        title="No webhooks yet"
        description="Add an endpoint to hear about deliveries, opens, clicks, bounces and complaints as they happen."
        action={
          <Button onClick={onCreate}>
            <PlusIcon />
            Add webhook
          </Button>
        }
      />
    );
  }
  return (
    <Table>
      <caption className="sr-only">Webhooks</caption>
      <Head />
      <TableBody>
        {webhooks.map((webhook) => (
          <TableRow key={webhook.id}>
            <TableCell className="max-w-56 sm:max-w-md">
              <Link
                href={`/webhooks/${webhook.id}`}
                className="block truncate rounded font-mono text-[13px] font-medium text-zinc-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                title={webhook.url}
              >
                {webhook.url}
              </Link>
            </TableCell>
            <TableCell>
              <Events events={webhook.events} />
            </TableCell>
            <TableCell>
              <WebhookStatusBadge status={webhook.status} health={webhook.health} />
            </TableCell>
            <TableCell>
              <WebhookHealthFigure health={webhook.health} />
            </TableCell>
            <TableCell>
              <time dateTime={webhook.createdAt} title={formatDateTime(webhook.createdAt)}>
                {formatDate(webhook.createdAt)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
