import type { Db, Tx } from "@/lib/db/client";

/**
 * The creation times of the emails the contact's runs of non-transactional automations were
 * given since `since`, newest first, at most `limit` (the cap's count needs no more): the
 * contact's runs by their index, then each run's emails by theirs.
 */
export async function recentCappedEmailsSql(db: Db | Tx, o: { contactId: string; since: Date; limit: number }): Promise<Date[]> {
  const rows = await db.$queryRaw<{ createdAt: Date }[]>`
    SELECT m."createdAt"
    FROM "Enrollment" e
    JOIN "Automation" a ON a.id = e."automationId" AND NOT a.transactional
    JOIN "Email" m ON m."enrollmentId" = e.id
    WHERE e."contactId" = ${o.contactId} AND NOT e."isTest" AND m."createdAt" >= ${o.since}
    ORDER BY m."createdAt" DESC
    LIMIT ${o.limit}`;
  return rows.map((r) => r.createdAt);
}
