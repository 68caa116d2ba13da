import { ApiError } from "@/lib/api/errors";
import { webhooksMayReachPrivate } from "@/lib/config/local-mode";
import { BlockedAddressError, blockedAddressReason, ipLiteralHost } from "./address-policy";
import { systemResolver, type HostResolver } from "./safe-fetch";

const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Create/update's address check: a URL whose host is a non-public IP literal, or a name that
 * resolves to one, is a 400, unless webhooks may reach private addresses (WEBHOOK_ALLOW_PRIVATE=1,
 * or local mode outside APP_ENV=production). A name that does not resolve yet is accepted: its
 * deliveries fail until it does. This is a courtesy to the caller; the
 * check that holds is the one at connect time (safe-fetch), which DNS rebinding cannot dodge.
 */
export async function checkWebhookUrl(url: string, options: { resolve?: HostResolver } = {}) {
  if (webhooksMayReachPrivate()) return;
  const host = new URL(url).hostname;
  const literal = ipLiteralHost(host);
  let blocked: BlockedAddressError | null = null;
  if (literal) {
    const reason = blockedAddressReason(literal);
    if (reason) blocked = new BlockedAddressError(literal, literal, reason);
  } else {
    const resolve = options.resolve ?? systemResolver;
    let timer: NodeJS.Timeout | undefined;
    const addresses = await Promise.race([
      resolve(host).catch(() => []),
      new Promise<[]>((done) => {
        timer = setTimeout(() => done([]), RESOLVE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (reason) {
        blocked = new BlockedAddressError(host, address, reason);
        break;
      }
    }
  }
  if (blocked) {
    throw new ApiError("validation_error", `url: ${blocked.message}`, [{ path: "url", message: blocked.message }]);
  }
}
