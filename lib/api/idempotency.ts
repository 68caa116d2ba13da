import { createHash } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { ApiError } from "./errors";

// Idempotency-Key on POST /emails, /emails/batch and /emails/receiving/:id/forward: the same
// key with the same request within 24 h returns the first response without sending again; with
// another body or path, 409. The key row is claimed before the work and the response is saved
// by the same statement (or transaction) as the work, so a crash never leaves an email without
// its stored response.

const TTL_MS = 24 * 60 * 60 * 1000;

// A claim holds for IDEMPOTENCY_CLAIM_SECONDS and the running request renews it every third
// of that, so only a request that died (no renewal) loses its key to a retry, however long a
// live one takes.
const claimWindowMs = () => getEnv().IDEMPOTENCY_CLAIM_SECONDS * 1000;

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
  return createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body)}`)
    .digest("hex");
}

/**
 * The Idempotency-Key was used before with another request: sending this request again under
 * that key can never succeed (a 409 over HTTP, a permanent 554 over SMTP).
 */
export class IdempotencyKeyReusedError extends ApiError {
  constructor() {
    super("conflict", "this Idempotency-Key was already used with a different request body");
    this.name = "IdempotencyKeyReusedError";
  }
}

async function claim(accountId: string, key: string, requestHash: string): Promise<{ id: string } | StoredResponse> {
  const db = getDb();
  for (let tries = 0; tries < 3; tries++) {
    const at = now();
    try {
      const row = await db.idempotencyKey.create({
        data: {
          id: newId("idk"),
          accountId,
          key,
          requestHash,
          expiresAt: new Date(at.getTime() + TTL_MS),
          claimedUntil: new Date(at.getTime() + claimWindowMs()),
        },
      });
      return { id: row.id };
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
    const existing = await db.idempotencyKey.findUnique({ where: { accountId_key: { accountId, key } } });
    if (!existing) continue;
    const claimedUntil = existing.claimedUntil ?? new Date(existing.createdAt.getTime() + claimWindowMs());
    const expired = existing.expiresAt < at;
    const abandoned = existing.responseStatus === null && claimedUntil < at;
    if (expired || abandoned) {
      // Conditional: a request that saved its response, or renewed its claim, since the read keeps its key.
      await db.idempotencyKey.deleteMany({
        where: expired
          ? { id: existing.id, expiresAt: { lt: at } }
          : {
              id: existing.id,
              responseStatus: null,
              OR: [{ claimedUntil: { lt: at } }, { claimedUntil: null, createdAt: { lt: new Date(at.getTime() - claimWindowMs()) } }],
            },
      });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new IdempotencyKeyReusedError();
    }
    if (existing.responseStatus === null) {
      throw new ApiError("conflict", "a request with this Idempotency-Key is still in progress; retry shortly");
    }
    return { status: existing.responseStatus, body: existing.responseBody };
  }
  throw new ApiError("conflict", "could not claim this Idempotency-Key; retry shortly");
}

/** Renews the claim every third of the window until stopped (the request finished). */
function keepClaim(id: string): () => void {
  const window = claimWindowMs();
  const timer = setInterval(
    () => {
      getDb()
        .idempotencyKey.updateMany({ where: { id, responseStatus: null }, data: { claimedUntil: new Date(now().getTime() + window) } })
        .catch(() => {});
    },
    Math.max(50, Math.floor(window / 3)),
  );
  timer.unref?.();
  return () => clearInterval(timer);
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
  const release = keepClaim(claimed.id);
  try {
    return { ...(await work({ keyId: claimed.id })), replayed: false };
  } catch (error) {
    // The work did not happen: free the key so the client can retry with it.
    await getDb()
      .idempotencyKey.deleteMany({ where: { id: claimed.id, responseStatus: null } })
      .catch(() => {});
    throw error;
  } finally {
    release();
  }
}
