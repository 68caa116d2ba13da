import { DateTime, IANAZone } from "luxon";
import { z } from "zod";

// An automation's send window: the days and hours (in the contact's time zone, or a named one)
// at which its emails may go. An email due outside it waits for the next opening. Times are
// wall-clock times of the zone, so 09:00 stays 09:00 across a daylight-saving change.

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface SendWindow {
  days: Weekday[];
  start: string;
  end: string;
  timezone: "contact" | string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const sendWindowSchema = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, { message: `a day is one of: ${WEEKDAYS.join(", ")}` }), { message: "days must be an array of weekdays" })
      .min(1, "days must name at least one day")
      .max(7)
      .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
    start: z.string({ message: 'start must be a time such as "09:00"' }).regex(HHMM, 'start must be a time such as "09:00"'),
    end: z.string({ message: 'end must be a time such as "17:00"' }).regex(HHMM, 'end must be a time such as "17:00"'),
    timezone: z
      .string({ message: 'timezone must be "contact" or an IANA time zone such as "Europe/Paris"' })
      .default("contact")
      .refine(
        (tz) => tz === "contact" || IANAZone.isValidZone(tz),
        'timezone must be "contact" or an IANA time zone such as "Europe/Paris"',
      ),
  })
  .strict()
  .refine((w) => minutesOf(w.start) < minutesOf(w.end), { message: "end must be later than start, on the same day", path: ["end"] });

/**
 * The zone a window is read in: its own, else the contact's `timezone` property when it names
 * a zone, else the account's default, else UTC.
 */
export function windowZone(window: SendWindow, contactTimezone: unknown, accountTimezone: string | null | undefined): string {
  if (window.timezone !== "contact") return window.timezone;
  if (typeof contactTimezone === "string" && IANAZone.isValidZone(contactTimezone)) return contactTimezone;
  if (accountTimezone && IANAZone.isValidZone(accountTimezone)) return accountTimezone;
  return "UTC";
}

/**
 * When an email due at `at` may go: `at` itself when it falls inside the window (start
 * included, end excluded), else the window's next opening. A start that does not exist on a
 * day (skipped by a daylight-saving change) opens at the first minute after the gap.
 */
export function nextSendTime(at: Date, window: SendWindow, zone: string): Date {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const local = DateTime.fromJSDate(at, { zone });
  for (let offset = 0; offset <= 7; offset++) {
    const day = local.plus({ days: offset }).startOf("day");
    if (!window.days.includes(WEEKDAYS[day.weekday - 1])) continue;
    const opens = day.set({ hour: Math.floor(start / 60), minute: start % 60 });
    const closes = day.set({ hour: Math.floor(end / 60), minute: end % 60 });
    if (offset === 0 && local >= opens && local < closes) return at;
    if (opens > local) return opens.toJSDate();
  }
  // Unreachable with at least one day (a week ahead always holds an opening).
  return at;
}

/**
 * When an automation's email due at `at` must wait for its send window: the opening, or null
 * when it may go now (no window, inside it, or a test run, which runs in compressed time and
 * shows every email at once).
 */
export function sendWindowWait(o: {
  window: unknown;
  at: Date;
  contactProperties: unknown;
  accountTimezone: string | null;
  isTest: boolean;
}): Date | null {
  if (!o.window || o.isTest) return null;
  const window = o.window as SendWindow;
  const timezone = (o.contactProperties as { timezone?: unknown } | null)?.timezone;
  const opens = nextSendTime(o.at, window, windowZone(window, timezone, o.accountTimezone));
  return opens.getTime() > o.at.getTime() ? opens : null;
}
