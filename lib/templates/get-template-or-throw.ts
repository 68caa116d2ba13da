import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/**
 * The account's template, or a 404 (another account's template included). Pass `db` to read
 * inside a caller's transaction.
 */
export async function getTemplateOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const template = await (options.db ?? getDb()).template.findFirst({
    where: { id: options.id, accountId: options.accountId },
  });
  if (!template) throw notFound("template");
  return template;
}
