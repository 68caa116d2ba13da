import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Deletes the account's webhook with its messages and delivery log; pending attempts are dropped. */
export async function deleteWebhook(options: { accountId: string; id: string }) {
  const { count } = await getDb().webhook.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (count === 0) throw notFound("webhook");
  return { id: options.id, deleted: true as const };
}
