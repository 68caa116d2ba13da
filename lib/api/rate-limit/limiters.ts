import { RateLimiterMemory, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "@/lib/config/env";
import type { GroupedLimit } from "./consume-grouped";
import { counterOf, storeLimiter } from "./rate-limit-store";

// The limits table: one limiter per limit, made on its first use in the store configured then,
// and kept (on globalThis: Next's route bundles share one process and must share the counts).
// The per-key API limit is a steady rate per second plus a burst allowance over
// BURST_WINDOW_SECONDS; the others (sign-up, login, ...) are fixed windows named by their callers.

export interface LimitConfig {
  perSecond: number;
  burst: number;
}

/** A fixed-window limit: at most `points` per `durationSeconds` for one key. */
export interface WindowLimit {
  name: string;
  points: number;
  durationSeconds: number;
}

const BURST_WINDOW_SECONDS = 10;
const g = globalThis as unknown as { __mailwrightLimiters?: Map<string, unknown> };
const limiters = (g.__mailwrightLimiters ??= new Map());

function cached<T>(id: string, make: () => T): T {
  let limiter = limiters.get(id) as T | undefined;
  if (!limiter) {
    limiter = make();
    limiters.set(id, limiter);
  }
  return limiter;
}

/**
 * Drops the limiters made so far, with their in-memory counts: the next check makes new ones
 * from the settings as they are then. For test files that share one process, each of which
 * counts from zero and may pick another store.
 */
export function forgetRateLimiters() {
  limiters.clear();
}

/** The API limit of a key: its account's override, else RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST (never below the rate). */
export function limitConfig(override?: { perSecond: number | null; burst: number | null }): LimitConfig {
  const env = getEnv();
  const perSecond = override?.perSecond ?? env.RATE_LIMIT_PER_SECOND;
  return { perSecond, burst: Math.max(override?.burst ?? env.RATE_LIMIT_BURST, perSecond) };
}

/** The per-key API limit: `perSecond` a second, and past it what is left of the 10 s burst allowance. */
export function apiLimiter({ perSecond, burst }: LimitConfig): GroupedLimit {
  const id = `${perSecond}:${burst}`;
  const steady = cached(`apis:${id}`, () => counterOf(storeLimiter(`rl:${id}`, perSecond, 1)));
  return {
    steady,
    burst: cached(`apib:${id}`, () => counterOf(storeLimiter(`rlb:${id}`, Math.max(burst - perSecond, 0), BURST_WINDOW_SECONDS))),
  };
}

/** The limiter of a fixed-window limit. */
export function windowLimiter(limit: WindowLimit): RateLimiterAbstract {
  const id = `${limit.name}:${limit.points}:${limit.durationSeconds}`;
  return cached(`win:${id}`, () => storeLimiter(`lim:${id}`, limit.points, limit.durationSeconds));
}

/**
 * A fixed-window limit counted in this process only, never in the store: a per-host guard in
 * front of work that must not cost a database round trip per attempt (the inbound SMTP server's
 * messages per sending address, as Postfix's anvil counts them per host). Each process that
 * serves the same port counts apart.
 */
export function localWindowLimiter(limit: WindowLimit): RateLimiterAbstract {
  const id = `${limit.name}:${limit.points}:${limit.durationSeconds}`;
  return cached(
    `local:${id}`,
    () => new RateLimiterMemory({ keyPrefix: `local:${id}`, points: limit.points, duration: limit.durationSeconds }),
  );
}
