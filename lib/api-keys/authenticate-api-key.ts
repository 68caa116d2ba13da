import { getDb } from "@/lib/db/client";
import { hashApiKey, isWellFormedKey } from "./key-format";
import { fromDbScope } from "./scopes";
import type { ApiKeyScopeName } from "./schemas";

export interface KeyAuth {
  apiKeyId: string;
  accountId: string;
  scopes: ApiKeyScopeName[];
  rateLimit: { perSecond: number | null; burst: number | null };
}

// A short cache keeps the hot path to one hash and a map lookup. Revocation in this process
// drops the entry at once; other processes see it within CACHE_MS.
const CACHE_MS = 5_000;
// An entry holds the lookup's promise from its start, so the requests that find the entry
// expired together (50 at once under load) share one lookup and one lastUsedAt write instead
// of making one each.
const g = globalThis as unknown as { __mailwrightKeyCache?: Map<string, { at: number; auth: Promise<KeyAuth | null> }> };
const cache = (g.__mailwrightKeyCache ??= new Map());

export function forgetCachedKey(keyHash: string) {
  cache.delete(keyHash);
}

/** The key's account and scopes, or null for a malformed, unknown or revoked key. */
export async function authenticateApiKey(key: string): Promise<KeyAuth | null> {
  if (!isWellFormedKey(key)) return null;
  return authenticateKeyHash(hashApiKey(key));
}

/**
 * authenticateApiKey for a key known by its hash: for a caller that checks the same key again
 * later (the SMTP relay, at each MAIL FROM) without keeping the key itself.
 */
export async function authenticateKeyHash(keyHash: string): Promise<KeyAuth | null> {
  const hit = cache.get(keyHash);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.auth;
  if (cache.size > 10_000) cache.clear();
  const entry = { at: Date.now(), auth: lookUpKey(keyHash) };
  cache.set(keyHash, entry);
  // A failed lookup (the database away) is not remembered: the next request asks again.
  entry.auth.catch(() => {
    if (cache.get(keyHash) === entry) cache.delete(keyHash);
  });
  return entry.auth;
}

async function lookUpKey(keyHash: string): Promise<KeyAuth | null> {
  const record = await getDb().apiKey.findUnique({
    where: { keyHash },
    include: { account: { select: { rateLimitPerSecond: true, rateLimitBurst: true } } },
  });
  const auth: KeyAuth | null =
    record && record.isActive
      ? {
          apiKeyId: record.id,
          accountId: record.accountId,
          scopes: record.scopes.map(fromDbScope),
          rateLimit: { perSecond: record.account.rateLimitPerSecond, burst: record.account.rateLimitBurst },
        }
      : null;
  if (record && auth) {
    // Best effort and throttled by the cache: at most one write per key per CACHE_MS.
    getDb()
      .apiKey.update({ where: { id: record.id }, data: { lastUsedAt: new Date() } })
      .catch(() => {});
  }
  return auth;
}
