import { notFound } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";

/**
 * Removes a domain and its DKIM key. Emails already sent keep their rows (their domain link
 * becomes null); nothing more can be sent from the domain until it is added and verified again.
 */
export async function deleteDomain(options: { accountId: string; id: string }) {
  const { count } = await getDb().domain.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (count === 0) throw notFound("domain");
  return { id: options.id, deleted: true as const };
}
