import type { Tx } from "@/lib/db/client";

export interface DeletedContactRow {
  id: string;
  email: string;
  name: string | null;
  properties: unknown;
  subscribed: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Deletes one contact of the account and returns it as it was when deleted (its row lock taken
 * by the delete itself, so no concurrent change slips in between the read and the delete), or
 * null when there is none. Memberships and enrollments go with it (ON DELETE CASCADE).
 */
export async function deleteContactSql(tx: Tx, params: { accountId: string; id: string }): Promise<DeletedContactRow | null> {
  const rows = await tx.$queryRaw<DeletedContactRow[]>`
    DELETE FROM "Contact" WHERE "id" = ${params.id} AND "accountId" = ${params.accountId}
    RETURNING "id", "email", "name", "properties", "subscribed", "createdAt", "updatedAt"`;
  return rows[0] ?? null;
}
