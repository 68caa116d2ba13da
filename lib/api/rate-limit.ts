import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "@/lib/config/env";
import { ApiError } from "./errors";

// Per-key limit (DESIGN section 3): a steady rate per second plus a burst allowance, via
// rate-limiter-flexible's bursty limiter. In memory: one web process per deployment shape we
// ship today; a scaled deploy swaps the store here.

export interface LimitConfig {
  perSecond: number;
  burst: number;
}

export interface RateLimitResult {
  headers: Record<string, string>;
}

const BURST_WINDOW_SECONDS = 10;
const g = globalThis as unknown as { __mailwrightLimiters?: Map<string, BurstyRateLimiter> };
const limiters = (g.__mailwrightLimiters ??= new Map());

function limiterFor({ perSecond, burst }: LimitConfig): BurstyRateLimiter {
  const id = `${perSecond}:${burst}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new BurstyRateLimiter(
      new RateLimiterMemory({ keyPrefix: `rl:${id}`, points: perSecond, duration: 1 }),
      new RateLimiterMemory({
        keyPrefix: `rlb:${id}`,
        points: Math.max(burst - perSecond, 0),
        duration: BURST_WINDOW_SECONDS,
      }),
    );
    limiters.set(id, limiter);
  }
  return limiter;
}

export function limitConfig(override?: { perSecond: number | null; burst: number | null }): LimitConfig {
  const env = getEnv();
  const perSecond = override?.perSecond ?? env.RATE_LIMIT_PER_SECOND;
  return { perSecond, burst: Math.max(override?.burst ?? env.RATE_LIMIT_BURST, perSecond) };
}

function headers(config: LimitConfig, res: RateLimiterRes) {
  return {
    "RateLimit-Limit": String(config.perSecond),
    "RateLimit-Remaining": String(Math.max(res.remainingPoints ?? 0, 0)),
    "RateLimit-Reset": String(Math.max(Math.ceil((res.msBeforeNext ?? 0) / 1000), 1)),
  };
}

/** Consumes one request for `key`; throws a 429 ApiError (with Retry-After) past the limit. */
export async function consumeRateLimit(key: string, config: LimitConfig): Promise<RateLimitResult> {
  try {
    const res = await limiterFor(config).consume(key);
    return { headers: headers(config, res) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const h = headers(config, rejection);
    throw new ApiError("rate_limited", "too many requests; slow down and retry after the Retry-After seconds", undefined, {
      ...h,
      "RateLimit-Remaining": "0",
      "Retry-After": h["RateLimit-Reset"],
    });
  }
}
