import type { EmailStatus } from "@/lib/generated/prisma/enums";

export type { EmailStatus };

// The email statuses in their lifecycle order, for filters (lib/emails/schemas keeps its own
// list private); a plain module, so server pages can read it too.
export const EMAIL_STATUSES: EmailStatus[] = [
  "scheduled",
  "queued",
  "sending",
  "sent",
  "delivered",
  "bounced",
  "complained",
  "failed",
  "cancelled",
  "suppressed",
];

/** Still on its way: the log and the detail page refresh themselves while an email is. */
export const IN_FLIGHT_STATUSES = new Set<EmailStatus>(["queued", "sending"]);

export function isEmailStatus(value: string): value is EmailStatus {
  return (EMAIL_STATUSES as string[]).includes(value);
}
