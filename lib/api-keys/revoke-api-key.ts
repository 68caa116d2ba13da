import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { forgetCachedKey } from "./authenticate-api-key";
import { serializeApiKey } from "./serialize-api-key";

/** Revokes a key of this account; another account's key is a 404. Idempotent. */
export async function revokeApiKey(options: { accountId: string; id: string }) {
  const db = getDb();
  const key = await db.apiKey.findFirst({
    where: { id: options.id, accountId: options.accountId },
    omit: { keyHash: false },
  });
  if (!key) throw notFound("API key");
  const updated = key.isActive ? await db.apiKey.update({ where: { id: key.id }, data: { isActive: false, revokedAt: new Date() } }) : key;
  forgetCachedKey(key.keyHash);
  return serializeApiKey(updated);
}
