import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** The account's layout, or a 404 (another account's layout included). */
export async function getLayoutOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const layout = await (options.db ?? getDb()).layout.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!layout) throw notFound("layout");
  return layout;
}
