import { createPrivateKey, type KeyObject } from "node:crypto";
import { appSecret } from "@/lib/config/env";
import { decryptSecret } from "@/lib/crypto/decrypt-secret";
import { getDb } from "@/lib/db/client";
import { dkimKeyContext } from "./generate-dkim-key";
import { normalizeDomainName } from "./normalize-domain-name";

export interface DkimSigningKey {
  /** The signing domain (d=). */
  domain: string;
  /** The selector (s=); the public key is published at `<selector>._domainkey.<domain>`. */
  selector: string;
  /** PKCS#8 PEM, decrypted; keep it in memory only. */
  privateKeyPem: string;
  /**
   * The same key parsed, what the signer is given: signing with the PEM text parses it again on
   * every signature, which cost more than the RSA signature itself (about 0.7 ms against 0.3).
   */
  privateKey: KeyObject;
}

/**
 * The DKIM key the sending pipeline signs with, for a domain of the account (by name, as it
 * appears in the From address, or by id). Null when the account has no such domain; whether it
 * is verified is the caller's check (the send path answers 403 domain_not_verified first).
 */
export async function getSigningKey(
  options: { accountId: string } & ({ domain: string } | { domainId: string }),
): Promise<DkimSigningKey | null> {
  const where: { accountId: string; id?: string; domain?: string } = { accountId: options.accountId };
  if ("domainId" in options) {
    where.id = options.domainId;
  } else {
    // The From address's domain may arrive in any case, or as an IDN: compare canonical forms.
    const name = normalizeDomainName(options.domain);
    if (!name.ok) return null;
    where.domain = name.domain;
  }
  const row = await getDb().domain.findFirst({
    where,
    select: { id: true, domain: true, dkimSelector: true, dkimPrivateKeyEnc: true },
  });
  return row ? signingKeyFromRow(row) : null;
}

/** The columns `signingKeyFromRow` needs, for a caller that reads the domain with other rows. */
export const signingKeyColumns = { id: true, accountId: true, domain: true, dkimSelector: true, dkimPrivateKeyEnc: true } as const;

/**
 * The signing key of a domain row read with `signingKeyColumns`, decrypted and parsed once per
 * key and process (see cachedSigningKey), not once per email.
 */
export function signingKeyFromRow(row: { id: string; domain: string; dkimSelector: string; dkimPrivateKeyEnc: string }): DkimSigningKey {
  return cachedSigningKey({
    domain: row.domain,
    selector: row.dkimSelector,
    privateKeyEnc: row.dkimPrivateKeyEnc,
    context: dkimKeyContext(row.id),
  });
}

// Keys in use, most recent last, by domain and selector (a context names the key's row).
// Bounded: a sender with many domains keeps the latest ones.
const CACHED_KEYS = 256;
interface CachedKey {
  privateKeyEnc: string;
  secret: string;
  key: DkimSigningKey;
}
const g = globalThis as unknown as { __mailwrightSigningKeys?: Map<string, CachedKey> };

/**
 * A signing key from its encrypted private key, decrypted and parsed on first use only. An
 * entry holds only while everything the result depends on is unchanged (the ciphertext, its
 * context, the domain and selector, APP_SECRET): a rotated or re-encrypted key is read anew.
 */
export function cachedSigningKey(options: { domain: string; selector: string; privateKeyEnc: string; context: string }): DkimSigningKey {
  const keys = (g.__mailwrightSigningKeys ??= new Map());
  const cacheKey = `${options.context}\u0000${options.domain}\u0000${options.selector}`;
  const secret = appSecret();
  const cached = keys.get(cacheKey);
  keys.delete(cacheKey);
  if (cached && cached.privateKeyEnc === options.privateKeyEnc && cached.secret === secret) {
    keys.set(cacheKey, cached);
    return cached.key;
  }
  const privateKeyPem = decryptSecret(options.privateKeyEnc, { context: options.context });
  const key = { domain: options.domain, selector: options.selector, privateKeyPem, privateKey: createPrivateKey(privateKeyPem) };
  if (keys.size >= CACHED_KEYS) keys.delete(keys.keys().next().value!);
  keys.set(cacheKey, { privateKeyEnc: options.privateKeyEnc, secret, key });
  return key;
}
