import type { ApiKey } from "@/lib/generated/prisma/client";
import { fromDbScope } from "./scopes";

export function serializeApiKey(key: Omit<ApiKey, "keyHash">) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    isActive: key.isActive,
    scopes: key.scopes.map(fromDbScope),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
  };
}

export type ApiKeyResponse = ReturnType<typeof serializeApiKey>;
