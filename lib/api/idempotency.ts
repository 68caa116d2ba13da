import { createHash } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "./errors";

// Idempotency-Key on POST /emails and /emails/batch (DESIGN section 3): the same key with the
// same body within 24 h returns the first response without sending again; with another body,
// 409. The key row is claimed before the work and the response is saved by the same statement
// (or transaction) as the work, so a crash never leaves an email without its stored response.

const TTL_MS = 24 * 60 * 60 * 1000;
// A claim with no response after this long belongs to a request that died; it may be retried.
const ABANDONED_MS = 2 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * Where the work saves its response: the claimed IdempotencyKey row (null without a key). The
 * work sets that row's responseStatus and responseBody in the statement or transaction that
 * does its writes, so both happen or neither does.
 */
export interface SaveResponse {
  keyId: string | null;
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${JSON.stringify(body)}`).digest("hex");
}

async function claim(accountId: string, key: string, requestHash: string): Promise<{ id: string } | StoredResponse> {
  const db = getDb();
  for (let tries = 0; tries < 3; tries++) {
    try {
      const row = await db.idempotencyKey.create({
        data: { id: newId("idk"), accountId, key, requestHash, expiresAt: new Date(now().getTime() + TTL_MS) },
      });
      return { id: row.id };
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
    const existing = await db.idempotencyKey.findUnique({ where: { accountId_key: { accountId, key } } });
    if (!existing) continue;
    const expired = existing.expiresAt < now();
    const abandoned = existing.responseStatus === null && now().getTime() - existing.createdAt.getTime() > ABANDONED_MS;
    if (expired || abandoned) {
      await db.idempotencyKey.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new ApiError("conflict", "this Idempotency-Key was already used with a different request body");
    }
    if (existing.responseStatus === null) {
      throw new ApiError("conflict", "a request with this Idempotency-Key is still in progress; retry shortly");
    }
    return { status: existing.responseStatus, body: existing.responseBody };
  }
  throw new ApiError("conflict", "could not claim this Idempotency-Key; retry shortly");
}

/**
 * Runs `work` at most once per (account, key). `work` must save its response to `save.keyId`
 * with its writes. Without a key, `work` just runs.
 */
export async function withIdempotency(
  options: { accountId: string; key: string | null; requestHash: string },
  work: (save: SaveResponse) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  if (!options.key) return { ...(await work({ keyId: null })), replayed: false };
  if (options.key.length > 255 || /[^\x21-\x7e]/.test(options.key)) {
    throw new ApiError("validation_error", "Idempotency-Key must be 1-255 printable ASCII characters", [
      { path: "Idempotency-Key", message: "invalid header value" },
    ]);
  }
  const claimed = await claim(options.accountId, options.key, options.requestHash);
  if (!("id" in claimed)) return { ...claimed, replayed: true };
  try {
    return { ...(await work({ keyId: claimed.id })), replayed: false };
  } catch (error) {
    // The work did not happen: free the key so the client can retry with it.
    await getDb().idempotencyKey.deleteMany({ where: { id: claimed.id } }).catch(() => {});
    throw error;
  }
}
