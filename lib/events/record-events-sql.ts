import type { Tx } from "@/lib/db/client";
import type { Contact } from "@/lib/generated/prisma/client";

/**
 * One statement: locks the account's contacts with these addresses (`SELECT … FOR UPDATE`, in
 * address order, so two transactions locking overlapping sets take the locks in one order)
 * until the transaction ends, and returns them whole.
 */
export async function lockContactsSql(tx: Tx, accountId: string, emails: string[]): Promise<Contact[]> {
  return tx.$queryRaw<Contact[]>`
    SELECT id, "accountId", email, name, properties, subscribed, "unsubscribedAt", "createdAt", "updatedAt"
    FROM "Contact" WHERE "accountId" = ${accountId} AND email = ANY(${emails}::text[])
    ORDER BY email FOR UPDATE`;
}

/**
 * One statement: the contacts whose address the account does not have yet, in the given order
 * (an address already there is skipped). Returns the addresses added. A jsonb parameter, so the
 * statement is the same whatever the number of rows: the ORM plans each createMany anew.
 */
export async function insertNewContactsSql(
  tx: Tx,
  rows: { id: string; accountId: string; email: string; properties: object; createdAt: Date; updatedAt: Date }[],
): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const added = await tx.$queryRawUnsafe<{ email: string }[]>(
    `INSERT INTO "Contact" (id, "accountId", email, properties, "createdAt", "updatedAt")
     SELECT c.id, c."accountId", c.email, c.properties, c."createdAt", c."updatedAt"
     FROM jsonb_to_recordset($1::jsonb) AS c(id text, "accountId" text, email text, properties jsonb, "createdAt" timestamp(3),
       "updatedAt" timestamp(3))
     ON CONFLICT ("accountId", email) DO NOTHING
     RETURNING email`,
    JSON.stringify(rows),
  );
  return new Set(added.map((c) => c.email));
}

/** One statement: the event rows (a jsonb parameter, as insertNewContactsSql). */
export async function insertContactEventsSql(
  tx: Tx,
  rows: { id: string; accountId: string; contactId: string; name: string; properties: object; createdAt: Date }[],
): Promise<void> {
  if (!rows.length) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO "ContactEvent" (id, "accountId", "contactId", name, properties, "createdAt")
     SELECT e.id, e."accountId", e."contactId", e.name, e.properties, e."createdAt"
     FROM jsonb_to_recordset($1::jsonb) AS e(id text, "accountId" text, "contactId" text, name text, properties jsonb, "createdAt" timestamp(3))`,
    JSON.stringify(rows),
  );
}
