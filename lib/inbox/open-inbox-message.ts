import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { recordTrackingHit, type TrackingHit } from "@/lib/tracking/record-tracking-hit";
import { inboxMessageTracking } from "./inbox-message-tracking";

export type OpenAsRecipientOutcome = "counted" | "repeat" | "tracking_off" | "no_pixel";

/**
 * Opens a dev-inbox message as its recipient's mail client would: the copy's own open pixel is
 * loaded through the tracker (same token, same repeat window and limits), so the open is
 * recorded for that recipient exactly as a real client's would be. Viewing the message in the
 * inbox is never an open; this is the one way the dashboard counts one.
 */
export async function openInboxMessage(options: { accountId: string; id: string; hit: TrackingHit }) {
  const message = await getDb().inboxMessage.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!message) throw notFound("inbox message");
  const tracking = await inboxMessageTracking(message);
  let outcome: OpenAsRecipientOutcome = tracking.open === "pixel" ? "counted" : tracking.open;
  if (tracking.openToken) {
    const result = await recordTrackingHit("open", tracking.openToken, options.hit);
    if (result.kind !== "open" || !result.counted) outcome = "repeat";
  }
  return {
    id: message.id,
    emailId: message.emailId,
    recipient: tracking.recipient,
    outcome,
    message: describe(outcome, tracking.recipient),
  };
}

function describe(outcome: OpenAsRecipientOutcome, recipient: string | null): string {
  const who = recipient ?? "the recipient";
  if (outcome === "counted") return `Counted as an open by ${who}.`;
  if (outcome === "repeat")
    return `Not counted again: an open by ${who} was counted less than a minute ago (a mail client reloading the pixel counts once a minute).`;
  if (outcome === "tracking_off")
    return "Nothing counted: open tracking is off for this account (Settings), and this copy was sent without a tracking pixel.";
  return "Nothing counted: this copy has no tracking pixel (sent without HTML, through the SMTP relay, or while open tracking was off).";
}
