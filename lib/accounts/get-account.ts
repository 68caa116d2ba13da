import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { serializeAccount } from "./serialize-account";

export async function getAccount(options: { accountId: string }) {
  const account = await getDb().account.findUnique({ where: { id: options.accountId } });
  if (!account) throw notFound("account");
  return serializeAccount(account);
}
