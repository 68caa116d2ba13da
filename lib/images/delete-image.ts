import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/**
 * Deletes the account's image (404 for another account's). Mail already sent keeps its link,
 * which answers 404 from then on.
 */
export async function deleteImage(options: { accountId: string; id: string }) {
  const { count } = await getDb().image.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (count === 0) throw notFound("image");
  return { id: options.id, deleted: true as const };
}
