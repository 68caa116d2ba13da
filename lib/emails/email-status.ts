import type { EmailStatus, RecipientStatus } from "@/lib/generated/prisma/enums";

/** The email's status summarises its recipients' (each recipient is delivered on its own). */
export function emailStatusFrom(recipients: RecipientStatus[]): EmailStatus {
  if (recipients.some((s) => s === "queued" || s === "sending" || s === "deferred")) return "sending";
  if (recipients.includes("complained")) return "complained";
  if (recipients.includes("delivered")) return "delivered";
  // Handed to a smarthost, outcome unknown (a later DSN may still make it bounced).
  if (recipients.includes("sent")) return "sent";
  if (recipients.includes("bounced")) return "bounced";
  if (recipients.length && recipients.every((s) => s === "suppressed")) return "suppressed";
  if (recipients.length && recipients.every((s) => s === "cancelled")) return "cancelled";
  return "failed";
}

// 4xx answers are retried with growing gaps for up to a day, then reported as a soft bounce.
const RETRY_MINUTES = [1, 5, 15, 30, 60, 120, 240, 480];
export const SOFT_BOUNCE_AFTER_MS = 24 * 60 * 60 * 1000;

export function nextRetryDelayMs(attempt: number): number {
  return RETRY_MINUTES[Math.min(attempt - 1, RETRY_MINUTES.length - 1)] * 60_000;
}
