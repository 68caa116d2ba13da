import { getDb } from "@/lib/db/client";
import { recentCappedEmailsSql } from "./frequency-cap-sql";
import type { FrequencyCap } from "./frequency-cap-schema";

// The account's frequency cap: at most `perDay` emails in any 24 hours and `perWeek` in any 7
// days to one contact, from its non-transactional automations (a journey or linear automation
// marked `transactional` neither counts nor waits). An email past the cap waits, never dropped.

const DAY_MS = 86_400_000;
/**
 * When the `cap`-th most recent email (times newest first) leaves a window of `windowMs`:
 * the moment one more may go, or null when fewer than `cap` are inside it now.
 */
export function capOpening(times: Date[], cap: number, windowMs: number, at: Date): Date | null {
  const inside = times.filter((t) => t.getTime() > at.getTime() - windowMs);
  if (inside.length < cap) return null;
  return new Date(inside[cap - 1].getTime() + windowMs);
}

/**
 * When an email of a run of a non-transactional automation due at `at` may go under the
 * account's cap: null now, else the first moment both limits allow one more.
 */
export async function frequencyCapWait(o: {
  cap: unknown;
  transactional: boolean;
  contactId: string | null;
  isTest: boolean;
  at: Date;
}): Promise<Date | null> {
  const cap = o.cap as FrequencyCap | null;
  if (!cap || o.transactional || o.isTest || !o.contactId) return null;
  const limit = Math.max(cap.perDay ?? 0, cap.perWeek ?? 0);
  const since = new Date(o.at.getTime() - (cap.perWeek !== undefined ? 7 : 1) * DAY_MS);
  const times = await recentCappedEmailsSql(getDb(), { contactId: o.contactId, since, limit });
  const openings = [
    cap.perDay !== undefined ? capOpening(times, cap.perDay, DAY_MS, o.at) : null,
    cap.perWeek !== undefined ? capOpening(times, cap.perWeek, 7 * DAY_MS, o.at) : null,
  ].filter((d): d is Date => d !== null);
  if (!openings.length) return null;
  return new Date(Math.max(...openings.map((d) => d.getTime())));
}
