import { z } from "zod";

// Ten years either way is plenty for any delay a test needs and keeps Date math finite.
const MAX_MINUTES = 10 * 366 * 24 * 60;

export const setClockBodySchema = z.union(
  [
    z.strictObject({
      advanceMinutes: z
        .number({ message: "advanceMinutes must be a number" })
        .min(0, "advanceMinutes must be 0 or more (the clock only moves forward by advancing)")
        .max(MAX_MINUTES, "advanceMinutes is too large"),
    }),
    z.strictObject({
      now: z.iso.datetime({ offset: true, message: "now must be an ISO 8601 date-time" }),
    }),
  ],
  { message: 'send {"advanceMinutes": n} or {"now": "<ISO 8601 date-time>"}' },
);

export type SetClockBody = z.infer<typeof setClockBodySchema>;
