import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import type { Prisma } from "@/lib/generated/prisma/client";
import { auditEntryHash, GENESIS_HASH } from "./audit-hash";

export interface AuditActor {
  type: "member" | "api_key" | "system";
  id: string;
  /** The member's email or the key's name, as it was then. */
  label?: string | null;
}

export interface AuditInput {
  accountId: string;
  actor: AuditActor;
  /** "<resource>.<verb>", e.g. "api_key.created". */
  action: string;
  target: { type: string; id?: string | null };
  ipAddress?: string | null;
  /** A short before/after summary: small objects, never secrets. */
  summary?: { before?: unknown; after?: unknown; [key: string]: unknown } | null;
}

/**
 * Appends one entry to the account's audit log. Appends of one account are serialised by a
 * transaction-scoped advisory lock on the account, so each entry's seq follows the last and its
 * hash covers the last one's hash: the chain never forks. Inside the caller's transaction when
 * one is given (the entry then stands or falls with the change).
 */
export async function appendAuditEntry(input: AuditInput, tx?: Tx) {
  const run = async (t: Tx) => {
    await t.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`audit:${input.accountId}`}, 0))`;
    const last = await t.auditLogEntry.findFirst({
      where: { accountId: input.accountId },
      orderBy: { seq: "desc" },
      select: { seq: true, hash: true },
    });
    const fields = {
      accountId: input.accountId,
      seq: (last?.seq ?? 0) + 1,
      createdAt: now(),
      actorType: input.actor.type,
      actorId: input.actor.id,
      actorLabel: input.actor.label ?? null,
      action: input.action,
      targetType: input.target.type,
      targetId: input.target.id ?? null,
      ipAddress: input.ipAddress ?? null,
      summary: input.summary ? (JSON.parse(JSON.stringify(input.summary)) as Prisma.InputJsonValue) : null,
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    const hash = auditEntryHash(prevHash, fields);
    return t.auditLogEntry.create({
      data: { ...fields, id: newId("aud"), summary: fields.summary ?? undefined, prevHash, hash },
    });
  };
  return tx ? run(tx) : getDb().$transaction(run);
}
