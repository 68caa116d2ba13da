import { getDb } from "@/lib/db/client";
import { encryptWebhookSecret, isPlainWebhookSecret } from "./webhook-secret";

/**
 * Encrypts the secrets of webhooks created before secrets were encrypted (SQL cannot run our
 * AES, so this is the data step of that change). Run at the worker's start; idempotent, and a
 * row is only rewritten while it still holds the plain value it was read with.
 */
export async function encryptPlainWebhookSecrets(options: { batchSize?: number } = {}): Promise<number> {
  const db = getDb();
  let total = 0;
  for (;;) {
    const rows = await db.webhook.findMany({
      where: { secret: { startsWith: "whsec_" } },
      select: { id: true, secret: true },
      take: options.batchSize ?? 500,
    });
    for (const row of rows) {
      if (!isPlainWebhookSecret(row.secret)) continue;
      const { count } = await db.webhook.updateMany({
        where: { id: row.id, secret: row.secret },
        data: { secret: encryptWebhookSecret(row.id, row.secret) },
      });
      total += count;
    }
    if (rows.length < (options.batchSize ?? 500)) return total;
  }
}
