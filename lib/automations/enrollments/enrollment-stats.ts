import { getDb, type Db, type Tx } from "@/lib/db/client";
import { emptyStats, type EnrollmentStats } from "../serialize-automation";

/** Enrollment counts by status for each automation given (absent ones count zero); test runs do not count. */
export async function enrollmentStats(automationIds: string[], db: Db | Tx = getDb()): Promise<Map<string, EnrollmentStats>> {
  const out = new Map(automationIds.map((id) => [id, emptyStats()]));
  if (!automationIds.length) return out;
  const groups = await db.enrollment.groupBy({
    by: ["automationId", "status"],
    where: { automationId: { in: automationIds }, isTest: false },
    _count: { _all: true },
  });
  for (const group of groups) out.get(group.automationId)![group.status] = group._count._all;
  return out;
}
