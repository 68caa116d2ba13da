import type { Db, Tx } from "@/lib/db/client";

/**
 * The property keys of the account's `scan` newest contacts, the most used first, at most
 * `limit`: bounded work whatever the account's size (the (accountId, createdAt) index reads
 * the newest rows; only object-valued properties have keys).
 */
export async function selectPropertyKeys(
  db: Db | Tx,
  o: { accountId: string; scan: number; limit: number },
): Promise<{ key: string; contacts: number }[]> {
  return db.$queryRaw<{ key: string; contacts: number }[]>`
    SELECT k AS key, count(*)::int AS contacts
    FROM (
      SELECT properties FROM "Contact"
      WHERE "accountId" = ${o.accountId}
      ORDER BY "createdAt" DESC
      LIMIT ${o.scan}
    ) c
    CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(c.properties) = 'object' THEN c.properties ELSE '{}'::jsonb END) AS k
    GROUP BY k
    ORDER BY contacts DESC, key
    LIMIT ${o.limit}`;
}
