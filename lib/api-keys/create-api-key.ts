import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/config/env";
import { assertBelowAccountLimit } from "@/lib/accounts/account-limit";
import { newId } from "@/lib/db/ids";
import { generateApiKey, hashApiKey, keyPrefix } from "./key-format";
import { toDbScope } from "./scopes";
import { serializeApiKey } from "./serialize-api-key";
import type { CreateApiKeyBody } from "./schemas";

/** Creates a key; the full key is in this return value and nowhere else, ever. */
export async function createApiKey(options: { accountId: string; input: CreateApiKeyBody }) {
  const key = generateApiKey();
  const scopes = options.input.scopes ?? ["full_access"];
  const { accountId } = options;
  const record = await getDb().$transaction(async (tx) => {
    await assertBelowAccountLimit(tx, {
      accountId,
      max: getEnv().API_KEY_MAX_PER_ACCOUNT,
      count: () => tx.apiKey.count({ where: { accountId, isActive: true } }),
      what: "active API keys",
      remedy: "revoke one you no longer use (DELETE /api/v1/api-keys?id=…) before creating another",
    });
    return tx.apiKey.create({
      data: {
        id: newId("key"),
        accountId,
        name: options.input.name,
        prefix: keyPrefix(key),
        keyHash: hashApiKey(key),
        scopes: [...new Set(scopes)].map(toDbScope),
      },
    });
  });
  // `token` is the same key under the name Resend's SDK returns it as.
  return { ...serializeApiKey(record), key, token: key };
}
