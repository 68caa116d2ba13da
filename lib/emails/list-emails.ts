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
    and.push({ OR: [{ from: { equals: address, mode: "insensitive" } }, { from: { endsWith: `<${address}>`, mode: "insensitive" } }] });
  }
  if (query.to?.includes("@")) and.push({ recipients: { some: { email: query.to.toLowerCase() } } });
  if (query.q) {
    and.push({
      OR: [
        { subject: { contains: query.q, mode: "insensitive" } },
        { recipients: { some: { email: { contains: query.q.toLowerCase() } } } },
      ],
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
  return paginated(rows.map(serializeEmailSummary), total, { limit: query.limit, offset: query.offset });
}
