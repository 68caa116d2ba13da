import { DateTime } from "luxon";
import { contactZone } from "@/lib/clock/contact-zone";
import { minutesOf, WEEKDAYS, type SendWindow } from "./send-window-schema";

// When an automation's email may go under its send window (send-window-schema.ts): times are
// wall-clock times of the zone, so 09:00 stays 09:00 across a daylight-saving change (luxon's
// zone arithmetic).

/** The zone a window is read in: its own, else the contact's (contactZone). */
export function windowZone(window: SendWindow, contactProperties: unknown, accountTimezone: string | null | undefined): string {
  return window.timezone === "contact" ? contactZone(contactProperties, accountTimezone) : window.timezone;
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
  const opens = nextSendTime(o.at, window, windowZone(window, o.contactProperties, o.accountTimezone));
  return opens.getTime() > o.at.getTime() ? opens : null;
}
