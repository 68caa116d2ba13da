import { z } from "zod";
import { isTimeZone } from "@/lib/clock/time-zone";

// An automation's send window: the days and hours (in the contact's time zone, or a named one)
// at which its emails may go; an email due outside it waits for the next opening
// (send-window.ts). Pure, so the dashboard's forms validate with it too.

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface SendWindow {
  days: Weekday[];
  start: string;
  end: string;
  timezone: "contact" | string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** "HH:MM" as minutes since midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

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
      .refine((tz) => tz === "contact" || isTimeZone(tz), 'timezone must be "contact" or an IANA time zone such as "Europe/Paris"'),
  })
  .strict()
  .refine((w) => minutesOf(w.start) < minutesOf(w.end), { message: "end must be later than start, on the same day", path: ["end"] });
