import { createHmac, randomBytes } from "node:crypto";

// Webhook secrets and signatures.

const SECRET_PREFIX = "whsec_";

/** `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** X-Service-Signature: `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the whole secret (the spec). */
export function serviceSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", Buffer.from(secret, "utf8")).update(body, "utf8").digest("hex")}`;
}

/**
 * Standard Webhooks `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`,
 * keyed with the base64-decoded part of the secret after `whsec_`.
 */
export function standardWebhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64");
  return `v1,${mac}`;
}

/** Every signing header of one attempt. `id` is the event id: the same on every retry. */
export function signWebhook(options: { secret: string; id: string; timestamp: Date; body: string }): Record<string, string> {
  const seconds = Math.floor(options.timestamp.getTime() / 1000);
  return {
    "X-Service-Signature": serviceSignature(options.secret, options.body),
    "webhook-id": options.id,
    "webhook-timestamp": String(seconds),
    "webhook-signature": standardWebhookSignature(options.secret, options.id, seconds, options.body),
  };
}
