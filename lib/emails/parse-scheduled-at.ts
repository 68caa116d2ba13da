import * as chrono from "chrono-node";
import { z } from "zod";

export const MAX_SCHEDULE_DAYS = 30;

const isoDateTime = z.iso.datetime({ offset: true });
// Anything that starts like an ISO 8601 date is judged as one, strictly: "2026-11-24" or
// "2026-11-24 09:00" is a 400, not a guess.
const ISO_LIKE = /^\d{4}-/;

export const SCHEDULED_AT_HINT = 'an ISO 8601 date-time, or a phrase such as "in 1 hour" or "tomorrow at 9am"';

/**
 * `scheduled_at` as a moment: ISO 8601 with an offset, or an English phrase (Resend accepts
 * both) read against `reference`, the service clock. A phrase is in UTC unless it names a zone
 * ("tomorrow at 9am PST"), and must be a date in full: "tomorrow maybe" is null, not tomorrow.
 */
export function parseScheduledAt(value: string, reference: Date): Date | null {
  const text = value.trim();
  if (ISO_LIKE.test(text)) return isoDateTime.safeParse(text).success ? new Date(text) : null;
  const results = chrono.parse(text, { instant: reference, timezone: "UTC" }, { forwardDate: true });
  if (results.length !== 1 || results[0].index !== 0 || results[0].text.length !== text.length) return null;
  const when = results[0].date();
  return Number.isNaN(when.getTime()) ? null : when;
}

/** Why `when` cannot be a send time at `current`, or null: future, at most 30 days ahead. */
export function scheduledAtProblem(when: Date, current: Date): string | null {
  if (when <= current) return "must be in the future";
  if (when.getTime() - current.getTime() > MAX_SCHEDULE_DAYS * 86_400_000) return `at most ${MAX_SCHEDULE_DAYS} days ahead`;
  return null;
}
