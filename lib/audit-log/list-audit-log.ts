import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListAuditLogQuery } from "./schemas";

type Row = Awaited<ReturnType<ReturnType<typeof getDb>["auditLogEntry"]["findFirstOrThrow"]>>;

export function serializeAuditEntry(e: Row) {
  return {
    id: e.id,
    seq: e.seq,
    createdAt: e.createdAt.toISOString(),
    actor: { type: e.actorType as "member" | "api_key" | "system", id: e.actorId, label: e.actorLabel },
    action: e.action,
    target: { type: e.targetType, id: e.targetId },
    ipAddress: e.ipAddress,
    summary: e.summary ?? null,
    hash: e.hash,
  };
}

/** The account's audit log, newest first, filtered by actor, action, target and time range. */
export async function listAuditLog(options: { accountId: string; query: ListAuditLogQuery }) {
  const { query, accountId } = options;
  const db = getDb();
  const where: Prisma.AuditLogEntryWhereInput = { accountId };
  if (query.actor) where.OR = [{ actorId: query.actor }, { actorLabel: query.actor.toLowerCase() }];
  if (query.action) where.action = query.action.includes(".") ? query.action : { startsWith: `${query.action}.` };
  if (query.target) where.targetId = query.target;
  if (query.from || query.to) where.createdAt = { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) };
  let page: Prisma.AuditLogEntryWhereInput = {};
  const cursorId = query.after ?? query.before;
  if (cursorId) {
    const cursor = await db.auditLogEntry.findFirst({ where: { id: cursorId, accountId }, select: { seq: true } });
    if (!cursor)
      throw new ApiError("validation_error", "the cursor is not an entry of this account's audit log", [
        { path: query.after ? "after" : "before", message: "unknown entry" },
      ]);
    page = query.after ? { seq: { lt: cursor.seq } } : { seq: { gt: cursor.seq } };
  }
  const [rows, total] = await Promise.all([
    db.auditLogEntry.findMany({
      where: { ...where, ...page },
      orderBy: { seq: query.before ? "asc" : "desc" },
      take: query.limit + 1,
      skip: query.offset,
    }),
    db.auditLogEntry.count({ where }),
  ]);
  const hasMore = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  if (query.before) shown.reverse();
  return {
    object: "list" as const,
    has_more: hasMore,
    data: shown.map(serializeAuditEntry),
    pagination: { limit: query.limit, offset: query.offset, total, hasMore },
  };
}
