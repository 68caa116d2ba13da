import { getDb } from "@/lib/db/client";
import { likeLiteral } from "@/lib/db/like-literal";
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
  const and: Prisma.EmailWhereInput[] = [];
  // from/to hold an address; a date there is the old meaning (created from/to), still honoured.
  const dateIn = (value: string | undefined) => (value && !value.includes("@") ? new Date(value) : undefined);
  const createdFrom = [query.after, dateIn(query.from)].filter((d): d is Date => !!d);
  const createdTo = dateIn(query.to);
  if (createdFrom.length || createdTo || query.before) {
    where.createdAt = {
      ...(createdFrom.length && { gte: new Date(Math.max(...createdFrom.map((d) => d.getTime()))) }),
      ...(createdTo && { lte: createdTo }),
      ...(query.before && { lt: query.before }),
    };
  }
  if (query.from?.includes("@")) {
    const address = query.from.toLowerCase();
    and.push({
      OR: [{ from: { equals: address, mode: "insensitive" } }, { from: { endsWith: `<${likeLiteral(address)}>`, mode: "insensitive" } }],
    });
  }
  if (query.to?.includes("@")) and.push({ recipients: { some: { email: query.to.toLowerCase() } } });
  if (query.q) {
    const text = likeLiteral(query.q);
    and.push({
      OR: [{ subject: { contains: text, mode: "insensitive" } }, { recipients: { some: { email: { contains: text.toLowerCase() } } } }],
    });
  }
  if (and.length) where.AND = and;
  const db = getDb();
  const orderBy: Prisma.EmailOrderByWithRelationInput[] = options.scheduledOnly
    ? [{ scheduledAt: "asc" }, { id: "asc" }]
    : [{ createdAt: "desc" }, { id: "desc" }];
  const [rows, total] = await Promise.all([
    db.email.findMany({ where, orderBy, take: query.limit, skip: query.offset }),
    db.email.count({ where }),
  ]);
  const partial = await partiallyBouncedIds(rows.map((row) => row.id));
  return paginated(
    rows.map((row) => serializeEmailSummary(row, partial.has(row.id))),
    total,
    { limit: query.limit, offset: query.offset },
  );
}

/**
 * The page's emails where some recipients bounced and some did not. One grouped read of the
 * page's recipients (at most `limit` emails, by the emailId index); most emails have none bounced.
 */
async function partiallyBouncedIds(emailIds: string[]): Promise<Set<string>> {
  if (!emailIds.length) return new Set();
  const groups = await getDb().emailRecipient.groupBy({
    by: ["emailId", "status"],
    where: { emailId: { in: emailIds } },
    _count: { _all: true },
  });
  const counts = new Map<string, { bounced: number; total: number }>();
  for (const group of groups) {
    const entry = counts.get(group.emailId) ?? { bounced: 0, total: 0 };
    entry.total += group._count._all;
    if (group.status === "bounced") entry.bounced += group._count._all;
    counts.set(group.emailId, entry);
  }
  return new Set([...counts].filter(([, c]) => c.bounced > 0 && c.bounced < c.total).map(([id]) => id));
}
