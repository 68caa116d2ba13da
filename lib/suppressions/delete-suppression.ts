import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Lifts a suppression: the address receives this account's email again. */
export async function deleteSuppression(options: { accountId: string; email: string }) {
  const deleted = await getDb().suppression.deleteMany({ where: { accountId: options.accountId, email: options.email } });
  if (!deleted.count) throw notFound("suppression");
  return { email: options.email, deleted: true };
}
