import { createHash } from "node:crypto";

/** The prevHash of an account's first entry. */
export const GENESIS_HASH = "0".repeat(64);

export interface HashedFields {
  accountId: string;
  seq: number;
  createdAt: Date;
  actorType: string;
  actorId: string;
  actorLabel: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  ipAddress: string | null;
  summary: unknown;
}

// JSON with object keys sorted at every level: the database's JSONB reorders keys, so the text
// hashed must not depend on the order they were written in.
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** An entry's hash: SHA-256 over the previous entry's hash and every field of this one. */
export function auditEntryHash(prevHash: string, e: HashedFields): string {
  const fields = [
    e.accountId,
    e.seq,
    e.createdAt.toISOString(),
    e.actorType,
    e.actorId,
    e.actorLabel,
    e.action,
    e.targetType,
    e.targetId,
    e.ipAddress,
    e.summary ?? null,
  ];
  return createHash("sha256")
    .update(`${prevHash}\n${canonicalJson(fields)}`)
    .digest("hex");
}
