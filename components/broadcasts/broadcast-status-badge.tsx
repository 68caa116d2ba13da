import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  scheduled: "info",
  sending: "brand",
  sent: "success",
  cancelled: "warning",
  failed: "danger",
};

export function BroadcastStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? "neutral"} dot data-testid="broadcast-status">
      {status[0].toUpperCase() + status.slice(1)}
    </Badge>
  );
}
