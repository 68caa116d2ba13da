import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { deleteWebhookSql } from "./delete-webhook-sql";

/**
 * Deletes the account's webhook with its messages and delivery log, and cancels its queued
 * delivery jobs. An attempt already running finds the webhook gone and records nothing.
 */
export async function deleteWebhook(options: { accountId: string; id: string }) {
  const { deleted } = await deleteWebhookSql(getDb(), options);
  if (deleted === 0) throw notFound("webhook");
  return { id: options.id, deleted: true as const };
}
