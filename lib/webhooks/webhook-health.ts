import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { webhookHealthSql } from "./webhook-health-sql";

// A webhook's health: its recent delivery attempts, at most the last 50 of the
// past 24 hours, and the share of them that failed. "Failing" when the webhook has failed for
// good, or when at least 3 recent attempts were made and half or more of them failed.
export const HEALTH_WINDOW_ATTEMPTS = 50;
export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;
export const FAILING_MIN_ATTEMPTS = 3;
export const FAILING_RATE = 0.5;

export interface WebhookHealth {
  recentAttempts: number;
  recentFailures: number;
  /** recentFailures / recentAttempts rounded to 3 places, null without attempts. */
  failureRate: number | null;
  failing: boolean;
}

export function healthOf(counts: { attempts: number; failed: number }, status: string): WebhookHealth {
  const failureRate = counts.attempts ? Math.round((counts.failed / counts.attempts) * 1000) / 1000 : null;
  const failing = status === "failed" || (counts.attempts >= FAILING_MIN_ATTEMPTS && failureRate !== null && failureRate >= FAILING_RATE);
  return { recentAttempts: counts.attempts, recentFailures: counts.failed, failureRate, failing };
}

/** Health of each webhook given, by id; one bounded query for all of them. */
export async function webhookHealth(webhooks: { id: string; status: string }[]): Promise<Map<string, WebhookHealth>> {
  const rows = await webhookHealthSql(getDb(), {
    webhookIds: webhooks.map((w) => w.id),
    since: new Date(now().getTime() - HEALTH_WINDOW_MS),
    window: HEALTH_WINDOW_ATTEMPTS,
  });
  const counts = new Map(rows.map((row) => [row.webhookId, row]));
  return new Map(webhooks.map((w) => [w.id, healthOf(counts.get(w.id) ?? { attempts: 0, failed: 0 }, w.status)]));
}
