import { hkdfSync } from "node:crypto";
import { appSecret } from "@/lib/config/env";

// Encrypted values look like "v1.<iv>.<tag>.<ciphertext>" (base64url parts). The version names
// both the cipher and the key derivation, so a later v2 (another KDF, a rotated secret) can be
// read beside v1 values that are still in the database.
export const CURRENT_VERSION = "v1";
export const IV_BYTES = 12; // the GCM standard nonce size
export const TAG_BYTES = 16;

// APP_SECRET is a high-entropy random string (the launcher generates 32 bytes), so HKDF is the
// right tool: a password KDF like scrypt would only add start-up cost. The info string keeps
// this key distinct from anything else derived from the same secret (session signing).
const INFO = "mailwright:encryption-at-rest:v1";
const SALT = "mailwright";

const cache = new Map<string, Buffer>();

/** The AES-256 key for a format version, derived from APP_SECRET (or an explicit secret). */
export function deriveEncryptionKey(version: string, secret: string = appSecret()): Buffer {
  if (version !== CURRENT_VERSION) throw new Error(`unsupported ciphertext version "${version}"`);
  const cacheKey = `${version}\u0000${secret}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, INFO, 32));
    if (cache.size > 16) cache.clear();
    cache.set(cacheKey, key);
  }
  return key;
}
