import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { serializeWebhook } from "./serialize-webhook";
import { readWebhookSecret } from "./webhook-secret";
import { webhookHealth } from "./webhook-health";

/** GET /webhooks/:id: the account's webhook with its signing secret, decrypted. */
export async function getWebhook(options: { accountId: string; id: string }) {
  const webhook = await getDb().webhook.findFirst({
    where: { id: options.id, accountId: options.accountId },
    omit: { secret: false },
  });
  if (!webhook) throw notFound("webhook");
  const health = await webhookHealth([webhook]);
  return serializeWebhook(webhook, { secret: readWebhookSecret(webhook), health: health.get(webhook.id)! });
}
