import { createHash } from "node:crypto";
import { randomBase62 } from "@/lib/db/ids";

// Keys are "mw_" + 40 base62 characters; only their SHA-256 is stored.
const KEY_PATTERN = /^mw_[0-9A-Za-z]{40}$/;

export function generateApiKey(): string {
  return `mw_${randomBase62(40)}`;
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function keyPrefix(key: string): string {
  return `${key.slice(0, 7)}…`;
}
