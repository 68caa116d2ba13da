import { ApiError } from "@/lib/api/errors";
import { consumeRateLimit } from "@/lib/api/rate-limit";
import { getEnv } from "@/lib/config/env";

const BURST_FACTOR = 10;

async function within(key: string, perSecond: number): Promise<boolean> {
  try {
    await consumeRateLimit(key, { perSecond, burst: perSecond * BURST_FACTOR });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "rate_limited") return false;
    throw error;
  }
}

/**
 * Whether a tracking hit may record anything: TRACKING_LIMIT_PER_TOKEN per token and
 * TRACKING_LIMIT_PER_ADDRESS per client address (when known), per second with bursts.
 */
export async function trackingHitAllowed(token: string, address: string | null): Promise<boolean> {
  const env = getEnv();
  if (!(await within(`track:token:${token}`, env.TRACKING_LIMIT_PER_TOKEN))) return false;
  return address === null || within(`track:addr:${address}`, env.TRACKING_LIMIT_PER_ADDRESS);
}
