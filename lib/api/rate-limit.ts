import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ApiError } from "./errors";
import { consumeGrouped, type Gather } from "./rate-limit/consume-grouped";
import { apiLimiter, localWindowLimiter, windowLimiter, type LimitConfig, type WindowLimit } from "./rate-limit/limiters";
import { storeReady } from "./rate-limit/rate-limit-store";

// Every limit the service applies: the per-key API limit (a steady rate per second plus a
// burst allowance, counted in groups: rate-limit/consume-grouped.ts) and the fixed windows of
// sign-up, login and the like. The limiters (rate-limit/limiters.ts) keep their counts in the
// configured store (rate-limit/rate-limit-store.ts). Callers import this file only.

export { connectRateLimitStore } from "./rate-limit/rate-limit-store";
export { forgetRateLimiters, limitConfig, type LimitConfig, type WindowLimit } from "./rate-limit/limiters";
export type { Gather } from "./rate-limit/consume-grouped";

export interface RateLimitResult {
  headers: Record<string, string>;
}

function headers(config: LimitConfig, remaining: number, msBeforeNext: number) {
  return {
    "RateLimit-Limit": String(config.perSecond),
    "RateLimit-Remaining": String(Math.max(remaining, 0)),
    "RateLimit-Reset": String(Math.max(Math.ceil(msBeforeNext / 1000), 1)),
  };
}

/**
 * Consumes one request for `key`; throws a 429 ApiError (with Retry-After) past the limit.
 * `gather`: for a caller that does not need the answer at once (see Gather).
 */
export async function consumeRateLimit(key: string, config: LimitConfig, options: { gather?: Gather } = {}): Promise<RateLimitResult> {
  const limiter = apiLimiter(config);
  await storeReady();
  const outcome = await consumeGrouped(limiter, `${config.perSecond}:${config.burst}:${key}`, key, options.gather);
  const h = headers(config, outcome.remaining, outcome.msBeforeNext);
  if (outcome.allowed) return { headers: h };
  throw new ApiError("rate_limited", "too many requests; slow down and retry after the Retry-After seconds", undefined, {
    ...h,
    "RateLimit-Remaining": "0",
    "Retry-After": h["RateLimit-Reset"],
  });
}

/** Counts one attempt (or `points`) for `key`; past the limit throws a 429 rate_limited with Retry-After. */
export async function consumeWindowLimit(limit: WindowLimit, key: string, message: string, points = 1): Promise<void> {
  const limiter = windowLimiter(limit);
  await storeReady();
  await consumeWindow(limiter, key, message, points);
}

/** consumeWindowLimit counted in this process only (limiters.ts, localWindowLimiter). */
export function consumeLocalWindowLimit(limit: WindowLimit, key: string, message: string): Promise<void> {
  return consumeWindow(localWindowLimiter(limit), key, message, 1);
}

async function consumeWindow(limiter: RateLimiterAbstract, key: string, message: string, points: number): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = String(Math.max(Math.ceil(rejection.msBeforeNext / 1000), 1));
    throw new ApiError("rate_limited", message, undefined, { "Retry-After": retryAfter, "RateLimit-Remaining": "0" });
  }
}

/** Forgets the attempts counted for `key` (a successful login clears its failures). */
export async function resetWindowLimit(limit: WindowLimit, key: string): Promise<void> {
  await windowLimiter(limit).delete(key);
}
