import { createCipheriv, randomBytes } from "node:crypto";
import { CURRENT_VERSION, deriveEncryptionKey, IV_BYTES } from "./secret-key";

export interface SecretOptions {
  /**
   * Binds the ciphertext to where it is stored (for example `domain:<id>:dkim`) as GCM
   * additional data: a value copied into another row then fails to decrypt.
   */
  context?: string;
  /** Defaults to APP_SECRET; tests pass their own. */
  secret?: string;
}

/** AES-256-GCM encryption at rest; returns "v1.<iv>.<tag>.<ciphertext>" (base64url). */
export function encryptSecret(plaintext: string, options: SecretOptions = {}): string {
  const key = deriveEncryptionKey(CURRENT_VERSION, options.secret);
  // A fresh random 96-bit nonce per value; GCM must never reuse one under the same key.
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (options.context !== undefined) cipher.setAAD(Buffer.from(options.context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [CURRENT_VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
}
