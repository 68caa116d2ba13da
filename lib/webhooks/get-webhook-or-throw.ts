import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** The account's webhook, or a 404 (another account's webhook included). */
export async function getWebhookOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const webhook = await (options.db ?? getDb()).webhook.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!webhook) throw notFound("webhook");
  return webhook;
}
