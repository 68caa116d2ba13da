import { Badge } from "@/components/ui/badge";

export function WebhookStatusBadge({ status }: { status: string }) {
  return status === "active" ? (
    <Badge tone="success" dot>
      Active
    </Badge>
  ) : (
    <Badge tone="danger" dot title="Deliveries kept failing after 5 retries; recreate the webhook to receive events again">
      Failed
    </Badge>
  );
}
