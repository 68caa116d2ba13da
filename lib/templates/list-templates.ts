import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import { serializeTemplate } from "./serialize-template";
import type { ListTemplatesQuery } from "./schemas";
import { likeLiteral } from "@/lib/db/like-literal";

// Prisma passes `contains` to ILIKE as is: escape its wildcards so "50%" means 50%.

/** The account's templates, newest first; `search` matches part of the name, any case. */
export async function listTemplates(options: { accountId: string; query: ListTemplatesQuery }) {
  const { limit, offset, search } = options.query;
  const db = getDb();
  const where: Prisma.TemplateWhereInput = {
    accountId: options.accountId,
    ...(search ? { name: { contains: likeLiteral(search), mode: "insensitive" } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.template.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.template.count({ where }),
  ]);
  return paginated(rows.map(serializeTemplate), total, { limit, offset });
}
