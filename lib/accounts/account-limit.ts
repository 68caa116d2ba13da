import { ApiError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { lockRow } from "@/lib/db/lock-row";

/**
 * Refuses (403 `limit_reached`) a create that would give the account more than `max` of a
 * resource. Each of these costs the service for as long as it exists, whatever the request
 * rate: a key multiplies the per-key rate limit, a domain is a DKIM key pair and DNS re-checks,
 * an active automation is evaluated on every contact change. The account row is locked first,
 * so concurrent creates cannot pass the limit together; call it in the create's transaction.
 */
export async function assertBelowAccountLimit(
  tx: Tx,
  options: { accountId: string; max: number; count: () => Promise<number>; what: string; remedy: string },
): Promise<void> {
  await lockRow(tx, "Account", { id: options.accountId });
  const count = await options.count();
  if (count >= options.max) {
    throw new ApiError("limit_reached", `an account can have at most ${options.max} ${options.what}: ${options.remedy}`);
  }
}
