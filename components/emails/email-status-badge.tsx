import type { EmailStatus } from "@/lib/hooks/use-emails";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export const EMAIL_STATUS_LOOK: Record<EmailStatus, { tone: BadgeTone; label: string; description: string }> = {
  scheduled: { tone: "brand", label: "Scheduled", description: "Waiting for its send time" },
  queued: { tone: "neutral", label: "Queued", description: "Accepted, waiting for the worker" },
  sending: { tone: "info", label: "Sending", description: "Being delivered (or retried after a deferral)" },
  sent: { tone: "info", label: "Sent", description: "Handed to the receiving server" },
  delivered: { tone: "success", label: "Delivered", description: "The receiving server accepted it" },
  bounced: { tone: "danger", label: "Bounced", description: "The receiving server refused it" },
  complained: { tone: "orange", label: "Complained", description: "The recipient marked it as spam" },
  failed: { tone: "danger", label: "Failed", description: "Could not be sent" },
  cancelled: { tone: "neutral", label: "Cancelled", description: "Cancelled before its send time; credits refunded" },
  suppressed: { tone: "warning", label: "Suppressed", description: "Not sent: the address is on the suppression list" },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const look = EMAIL_STATUS_LOOK[status];
  return (
    <Badge tone={look.tone} dot title={look.description}>
      {look.label}
    </Badge>
  );
}

/** Some recipients bounced and some did not: shown beside the status, which summarises the rest. */
export function PartiallyBouncedBadge() {
  return (
    <Badge tone="warning" dot title="Some recipients bounced; the others were not refused">
      Partially bounced
    </Badge>
  );
}

/** The status, and "Partially bounced" beside it when some (not all) recipients bounced. */
export function EmailStatusBadges({ status, partiallyBounced }: { status: EmailStatus; partiallyBounced: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <EmailStatusBadge status={status} />
      {partiallyBounced && <PartiallyBouncedBadge />}
    </span>
  );
}
