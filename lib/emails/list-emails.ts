import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListEmailsQuery } from "./schemas";
import { serializeEmailSummary } from "./serialize-email";

export async function listEmails(options: { accountId: string; query: ListEmailsQuery; scheduledOnly?: boolean }) {
  const { query } = options;
  const where: Prisma.EmailWhereInput = { accountId: options.accountId, isTest: false };
  if (options.scheduledOnly) where.status = "scheduled";
  else if (query.status) where.status = query.status;
  if (query.tag) {
    const [name, value] = query.tag.split(":");
    where.tags = { array_contains: [{ name, value }] };
  }
  if (query.from || query.to) {
    where.createdAt = { ...(query.from && { gte: new Date(query.from) }), ...(query.to && { lte: new Date(query.to) }) };
  }
  const db = getDb();
  const orderBy: Prisma.EmailOrderByWithRelationInput[] = options.scheduledOnly
    ? [{ scheduledAt: "asc" }, { id: "asc" }]
    : [{ createdAt: "desc" }, { id: "desc" }];
  const [rows, total] = await Promise.all([
    db.email.findMany({ where, orderBy, take: query.limit, skip: query.offset }),
    db.email.count({ where }),
  ]);
  return paginated(rows.map(serializeEmailSummary), total, query);
}
