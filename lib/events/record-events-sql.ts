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
