import { Badge, type BadgeTone } from "@/components/ui/badge";
import { broadcastDisplayStatus } from "@/lib/ui/broadcast-status";

const TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  scheduled: "info",
  sending: "brand",
  testing: "info",
  sent: "success",
  cancelled: "warning",
  failed: "danger",
};

/** The broadcast's state; one waiting out its subject A/B test reads "Testing". */
export function BroadcastStatusBadge({
  broadcast,
}: {
  broadcast: { status: string; abTestResult?: { endsAt: string | null; winner: string | null } | null };
}) {
  const status = broadcastDisplayStatus(broadcast);
  return (
    <Badge tone={TONES[status] ?? "neutral"} dot data-testid="broadcast-status">
      {status[0].toUpperCase() + status.slice(1)}
    </Badge>
  );
}
