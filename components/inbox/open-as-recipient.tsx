"use client";

import { useOpenAsRecipient, type InboxMessage, type OpenAsRecipientResult } from "@/lib/hooks/use-inbox";
import { errorMessage } from "@/lib/ui/fetch-api";
import { cn } from "@/lib/ui/cn";
import { Button } from "@/components/ui/button";
import { CheckIcon, EyeIcon, InfoIcon } from "@/components/ui/icons";

/** Why opening this copy cannot count, before anyone presses the button. */
function noPixelReason(tracking: InboxMessage["tracking"]): string | null {
  if (tracking.open === "tracking_off") return "Open tracking is off for this account (Settings), so this copy has no tracking pixel.";
  if (tracking.open === "no_pixel")
    return "This copy has no tracking pixel (sent without HTML, through the SMTP relay, or while open tracking was off).";
  return null;
}

/**
 * "Open as recipient": loads the copy's own open pixel through the tracker, as the recipient's
 * mail client would, and says what was counted.
 */
export function OpenAsRecipient({ message }: { message: InboxMessage }) {
  const open = useOpenAsRecipient(message.id);
  const reason = noPixelReason(message.tracking);
  const result: OpenAsRecipientResult | undefined = open.data;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
      <Button
        size="sm"
        variant="secondary"
        loading={open.isPending}
        disabled={reason !== null}
        onClick={() => open.mutate()}
        title={reason ?? `Load the tracking pixel as ${message.tracking.recipient ?? "the recipient"}'s mail client would`}
      >
        <EyeIcon />
        Open as recipient
      </Button>
      <p
        role="status"
        className={cn(
          "flex min-w-0 flex-1 basis-60 items-start gap-1.5 text-xs",
          result?.outcome === "counted" ? "font-medium text-emerald-700" : "text-zinc-500",
          open.isError && "text-red-600",
        )}
      >
        {result?.outcome === "counted" ? (
          <CheckIcon className="mt-px size-3.5 shrink-0" />
        ) : (
          <InfoIcon className="mt-px size-3.5 shrink-0" />
        )}
        <span className="min-w-0 break-words">
          {open.isError
            ? errorMessage(open.error)
            : (result?.message ??
              reason ??
              `Counts an open by ${message.tracking.recipient ?? "the recipient"}, as their mail client would when it loads the images.`)}
        </span>
      </p>
    </div>
  );
}
