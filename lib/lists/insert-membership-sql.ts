import type { Tx } from "@/lib/db/client";

export interface MembershipRow {
  listId: string;
  contactId: string;
  createdAt: Date;
}

/**
 * A contact joined to a list (`member`), or made pending in a double opt-in list (`pending`):
 * one INSERT, skipped when the pair is there already. True when it was added. A fixed statement,
 * planned once per connection, where the ORM plans each createMany anew (about 2 ms of CPU).
 */
export async function insertMembershipSql(tx: Tx, kind: "member" | "pending", row: MembershipRow): Promise<boolean> {
  const added =
    kind === "member"
      ? await tx.$executeRaw`
          INSERT INTO "ListMembership" ("listId", "contactId", "createdAt") VALUES (${row.listId}, ${row.contactId}, ${row.createdAt})
          ON CONFLICT DO NOTHING`
      : await tx.$executeRaw`
          INSERT INTO "PendingListMembership" ("listId", "contactId", "createdAt") VALUES (${row.listId}, ${row.contactId}, ${row.createdAt})
          ON CONFLICT DO NOTHING`;
  return added > 0;
}
