import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { generateApiKey, hashApiKey, keyPrefix } from "./key-format";
import { toDbScope } from "./scopes";
import { serializeApiKey } from "./serialize-api-key";
import type { CreateApiKeyBody } from "./schemas";

/** Creates a key; the full key is in this return value and nowhere else, ever. */
export async function createApiKey(options: { accountId: string; input: CreateApiKeyBody }) {
  const key = generateApiKey();
  const scopes = options.input.scopes ?? ["full_access"];
  const record = await getDb().apiKey.create({
    data: {
      id: newId("key"),
      accountId: options.accountId,
      name: options.input.name,
      prefix: keyPrefix(key),
      keyHash: hashApiKey(key),
      scopes: [...new Set(scopes)].map(toDbScope),
    },
  });
  // `token` is the same key under the name Resend's SDK returns it as.
  return { ...serializeApiKey(record), key, token: key };
}
