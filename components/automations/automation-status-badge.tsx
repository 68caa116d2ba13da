import { Badge } from "@/components/ui/badge";

/** Active, Paused, or Draft for a paused automation never activated (the API status stays paused). */
export function AutomationStatusBadge({ status, firstActivatedAt }: { status: string; firstActivatedAt: string | null }) {
  if (status === "active")
    return (
      <Badge tone="success" dot>
        Active
      </Badge>
    );
  if (firstActivatedAt === null) return <Badge title="Never activated yet">Draft</Badge>;
  return (
    <Badge tone="neutral" dot>
      Paused
    </Badge>
  );
}
