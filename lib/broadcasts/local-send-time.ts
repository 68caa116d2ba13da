import { DateTime } from "luxon";
import type { LocalTime } from "./local-time-schema";

// Where a local-time broadcast's wall-clock time falls. Zones run from UTC+14 (Kiribati) to
// UTC-12, so the time arrives first at +14:00 and last at -12:00, 26 hours later. luxon keeps
// 09:00 at 09:00 across a daylight-saving change; a time that does not exist that day (skipped
// by the clocks going forward) moves forward with them.

const EARLIEST_ZONE = "UTC+14";
const LATEST_ZONE = "UTC-12";

/** The instant `local` names in `zone` (an IANA name or a fixed offset luxon reads, e.g. "UTC+14"). */
export function localSendInstant(local: LocalTime, zone: string): Date {
  return DateTime.fromISO(`${local.date}T${local.time}`, { zone }).toJSDate();
}

/** When the time first arrives anywhere, and when it last does. */
export function localSendBounds(local: LocalTime): { first: Date; last: Date } {
  return { first: localSendInstant(local, EARLIEST_ZONE), last: localSendInstant(local, LATEST_ZONE) };
}

/** When one member's email goes: the local time in the member's zone, or null (now) once it has passed there. */
export function memberSendAt(local: LocalTime, zone: string, at: Date): Date | null {
  const when = localSendInstant(local, zone);
  return when > at ? when : null;
}
