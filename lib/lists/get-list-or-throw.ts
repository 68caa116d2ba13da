import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { listInclude } from "./serialize-list";

/** The account's list with its contact count, or a 404 (another account's list included). */
export async function getListOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const list = await (options.db ?? getDb()).contactList.findFirst({
    where: { id: options.id, accountId: options.accountId },
    include: listInclude,
  });
  if (!list) throw notFound("list");
  return list;
}
