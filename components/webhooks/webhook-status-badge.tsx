import type { Webhook } from "@/lib/hooks/use-webhooks";
import { Badge } from "@/components/ui/badge";

type Health = Webhook["health"];

export function WebhookStatusBadge({ status, health }: { status: string; health?: Health }) {
  if (status !== "active") {
    return (
      <Badge tone="danger" dot title="Deliveries kept failing after 5 retries; recreate the webhook to receive events again">
        Failed
      </Badge>
    );
  }
  if (health?.failing) {
    return (
      <Badge tone="warning" dot title={`${healthText(health)}: check the endpoint before it fails for good`}>
        Failing
      </Badge>
    );
  }
  return (
    <Badge tone="success" dot>
      Active
    </Badge>
  );
}

/** "3 of 10 recent attempts failed (30%)", or that there were none in the last 24 hours. */
export function healthText(health: Health): string {
  if (!health.recentAttempts) return "No delivery attempts in the last 24 hours";
  const percent = Math.round((health.failureRate ?? 0) * 100);
  return `${health.recentFailures} of ${health.recentAttempts} recent attempts failed (${percent}%)`;
}

/** The failure rate as a short figure for a table cell. */
export function WebhookHealthFigure({ health }: { health: Health }) {
  if (!health.recentAttempts) return <span className="text-zinc-500">No recent attempts</span>;
  const percent = Math.round((health.failureRate ?? 0) * 100);
  return (
    <span className={health.failing ? "font-medium text-amber-800" : "text-zinc-700"} title={healthText(health)}>
      {percent}% failed{" "}
      <span className="text-zinc-500">
        of {health.recentAttempts} {health.recentAttempts === 1 ? "attempt" : "attempts"}
      </span>
    </span>
  );
}
