import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Lifts a suppression by address: the address receives this account's email again. */
export async function deleteSuppression(options: { accountId: string; email: string }) {
  const deleted = await getDb().suppression.deleteMany({ where: { accountId: options.accountId, email: options.email } });
  if (!deleted.count) throw notFound("suppression");
  return { email: options.email, deleted: true };
}

/** Lifts a suppression by its id (the dashboard's "Lift"); another account's id is a 404. */
export async function deleteSuppressionById(options: { accountId: string; id: string }) {
  const db = getDb();
  const row = await db.suppression.findFirst({ where: { id: options.id, accountId: options.accountId }, select: { email: true } });
  if (!row) throw notFound("suppression");
  const deleted = await db.suppression.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (!deleted.count) throw notFound("suppression");
  return { email: row.email, deleted: true };
}
