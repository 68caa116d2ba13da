import type { ApiKeyScope } from "@/lib/generated/prisma/enums";
import type { ApiKeyScopeName } from "./schemas";

// The database enum cannot hold "send:email" as an identifier; these map API names to it.
export function toDbScope(scope: ApiKeyScopeName): ApiKeyScope {
  return scope === "send:email" ? "send_email" : "full_access";
}

export function fromDbScope(scope: ApiKeyScope): ApiKeyScopeName {
  return scope === "send_email" ? "send:email" : "full_access";
}

/** full_access allows everything; send:email only what names it. */
export function scopeAllows(granted: readonly ApiKeyScopeName[], needed: ApiKeyScopeName): boolean {
  return granted.includes("full_access") || granted.includes(needed);
}
