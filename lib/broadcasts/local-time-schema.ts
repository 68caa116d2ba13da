import { z } from "zod";

// A broadcast sent at a wall-clock time in each member's time zone ("09:00 on 1 December,
// wherever they are"). Pure, so the dashboard's send form validates with it too.

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const localTimeSchema = z
  .object({
    date: z
      .string({ message: 'localTime.date must be a date such as "2026-12-01"' })
      .regex(DATE, 'localTime.date must be a date such as "2026-12-01"')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
        message: "localTime.date is not a day of the calendar",
      }),
    time: z
      .string({ message: 'localTime.time must be a time such as "09:00"' })
      .regex(HHMM, 'localTime.time must be a time such as "09:00"'),
  })
  .strict();

export type LocalTime = z.infer<typeof localTimeSchema>;
