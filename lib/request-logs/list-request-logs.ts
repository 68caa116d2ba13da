import { getDb } from "@/lib/db/client";
import { likeLiteral } from "@/lib/db/like-literal";
import type { Prisma } from "@/lib/generated/prisma/client";
import { flushRequestLogs } from "./request-log-buffer";
import type { ListRequestLogsQuery } from "./schemas";
import { serializeRequestLogSummary } from "./serialize-request-log";

const SUMMARY = {
  id: true,
  accountId: true,
  apiKeyId: true,
  requestId: true,
  method: true,
  path: true,
  status: true,
  durationMs: true,
  userAgent: true,
  createdAt: true,
} as const;

function statusFilter(status: string): Prisma.IntFilter | number {
  if (!status.endsWith("xx")) return Number(status);
  const base = Number(status[0]) * 100;
  return { gte: base, lt: base + 100 };
}

/**
 * The account's request log, newest first, filtered by status (code or class), method, part of
 * the path and key. Entries this process has not written yet are written first, so a request
 * just made is listed.
 */
export async function listRequestLogs(options: { accountId: string; query: ListRequestLogsQuery }) {
  const { query } = options;
  await flushRequestLogs();
  const where: Prisma.RequestLogWhereInput = { accountId: options.accountId };
  if (query.status) where.status = statusFilter(query.status);
  if (query.method) where.method = query.method;
  if (query.path) where.path = { contains: likeLiteral(query.path), mode: "insensitive" };
  if (query.api_key_id) where.apiKeyId = query.api_key_id;
  const page: Prisma.RequestLogWhereInput = query.after ? { id: { lt: query.after } } : query.before ? { id: { gt: query.before } } : {};
  const db = getDb();
  // before= pages toward newer entries: read upward from the cursor, then show newest first.
  const [rows, total] = await Promise.all([
    db.requestLog.findMany({
      where: { ...where, ...page },
      select: SUMMARY,
      orderBy: { id: query.before ? "asc" : "desc" },
      take: query.limit + 1,
      skip: query.offset,
    }),
    db.requestLog.count({ where }),
  ]);
  const hasMore = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  if (query.before) shown.reverse();
  return {
    object: "list" as const,
    has_more: hasMore,
    data: shown.map(serializeRequestLogSummary),
    pagination: { limit: query.limit, offset: query.offset, total, hasMore },
  };
}

export type ListRequestLogsResponse = Awaited<ReturnType<typeof listRequestLogs>>;
