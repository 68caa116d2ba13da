import { createDecipheriv } from "node:crypto";
import type { SecretOptions } from "./encrypt-secret";
import { deriveEncryptionKey, IV_BYTES, TAG_BYTES } from "./secret-key";

const B64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Reverses encryptSecret. Throws on a malformed value, an unknown version, the wrong secret or
 * context, or any tampering (GCM authenticates the whole value).
 */
export function decryptSecret(value: string, options: SecretOptions = {}): string {
  const parts = value.split(".");
  if (parts.length !== 4 || !parts.every((p) => B64URL.test(p))) throw new Error("malformed ciphertext");
  const [version, ivText, tagText, bodyText] = parts;
  const key = deriveEncryptionKey(version, options.secret);
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("malformed ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (options.context !== undefined) decipher.setAAD(Buffer.from(options.context, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // Node's message ("Unsupported state or unable to authenticate data") explains nothing.
    throw new Error("ciphertext failed authentication (wrong APP_SECRET, wrong context, or tampered)");
  }
}
