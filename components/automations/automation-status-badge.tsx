import { Badge } from "@/components/ui/badge";

export function AutomationStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={status === "active" ? "success" : "neutral"} dot>
      {status === "active" ? "Active" : "Paused"}
    </Badge>
  );
}
