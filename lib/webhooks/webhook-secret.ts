import { decryptSecret } from "@/lib/crypto/decrypt-secret";
import { encryptSecret } from "@/lib/crypto/encrypt-secret";

// Webhook signing secrets are stored encrypted (AES-256-GCM under APP_SECRET, bound to the
// webhook's id), as DKIM keys are. Rows written before that hold the plain `whsec_...` value
// until the worker's start encrypts them (encryptPlainWebhookSecrets); reads accept both.

const PLAIN_PREFIX = "whsec_";

function context(webhookId: string): string {
  return `webhook:${webhookId}:secret`;
}

/** The value to store for a webhook's secret. */
export function encryptWebhookSecret(webhookId: string, secret: string): string {
  return encryptSecret(secret, { context: context(webhookId) });
}

/** The plain `whsec_...` secret of a stored row. */
export function readWebhookSecret(row: { id: string; secret: string }): string {
  if (isPlainWebhookSecret(row.secret)) return row.secret;
  return decryptSecret(row.secret, { context: context(row.id) });
}

export function isPlainWebhookSecret(stored: string): boolean {
  return stored.startsWith(PLAIN_PREFIX);
}
