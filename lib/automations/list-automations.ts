import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enrollmentStats } from "./enrollments/enrollment-stats";
import { serializeAutomation } from "./serialize-automation";
import type { ListAutomationsQuery } from "./schemas";

/** The account's automations, newest first, with steps and stats; optional ?status=. */
export async function listAutomations(options: { accountId: string; query: ListAutomationsQuery }) {
  const { limit, offset, status } = options.query;
  const db = getDb();
  const where: Prisma.AutomationWhereInput = { accountId: options.accountId, ...(status ? { status } : {}) };
  const [rows, total] = await Promise.all([
    db.automation.findMany({
      where,
      include: { steps: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      skip: offset,
    }),
    db.automation.count({ where }),
  ]);
  const stats = await enrollmentStats(rows.map((r) => r.id));
  return paginated(
    rows.map((r) => serializeAutomation(r, stats.get(r.id))),
    total,
    { limit, offset },
  );
}
