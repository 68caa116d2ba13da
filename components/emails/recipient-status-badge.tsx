import type { EmailDetail } from "@/lib/hooks/use-emails";
import { Badge, type BadgeTone } from "@/components/ui/badge";

type RecipientStatus = EmailDetail["recipients"][number]["status"];

const LOOK: Record<RecipientStatus, { tone: BadgeTone; label: string }> = {
  queued: { tone: "neutral", label: "Queued" },
  sending: { tone: "info", label: "Sending" },
  deferred: { tone: "warning", label: "Deferred" },
  // Accepted by the smarthost; no receiver has answered yet.
  sent: { tone: "brand", label: "Sent" },
  delivered: { tone: "success", label: "Delivered" },
  bounced: { tone: "danger", label: "Bounced" },
  complained: { tone: "orange", label: "Complained" },
  suppressed: { tone: "warning", label: "Suppressed" },
  failed: { tone: "danger", label: "Failed" },
  cancelled: { tone: "neutral", label: "Cancelled" },
};

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const look = LOOK[status] ?? { tone: "neutral", label: status };
  return (
    <Badge tone={look.tone} dot>
      {look.label}
    </Badge>
  );
}
