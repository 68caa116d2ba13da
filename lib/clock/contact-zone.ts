import { IANAZone } from "luxon";

/**
 * A contact's time zone: its `timezone` property when that names a zone, else the account's
 * default, else UTC. What "the contact's local time" means wherever the service uses it (send
 * windows, local-time broadcasts).
 */
export function contactZone(contactProperties: unknown, accountTimezone: string | null | undefined): string {
  const own = (contactProperties as { timezone?: unknown } | null | undefined)?.timezone;
  if (typeof own === "string" && IANAZone.isValidZone(own)) return own;
  if (accountTimezone && IANAZone.isValidZone(accountTimezone)) return accountTimezone;
  return "UTC";
}
