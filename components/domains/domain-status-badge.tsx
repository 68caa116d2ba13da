import type { RecordStatus } from "@/lib/domains/types";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export function DomainStatusBadge({ status }: { status: "verified" | "unverified" }) {
  return status === "verified" ? (
    <Badge tone="success" dot>
      Verified
    </Badge>
  ) : (
    <Badge tone="warning" dot>
      Unverified
    </Badge>
  );
}

const RECORD_STATUS: Record<RecordStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: "neutral", label: "Not checked" },
  verified: { tone: "success", label: "Verified" },
  warning: { tone: "warning", label: "Warning" },
  failed: { tone: "danger", label: "Failed" },
};

export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  const { tone, label } = RECORD_STATUS[status];
  return (
    <Badge tone={tone} dot>
      {label}
    </Badge>
  );
}
