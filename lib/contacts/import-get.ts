import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { serializeContactImport } from "./import-serialize";

/** An import's progress; another account's import is a 404. */
export async function getContactImport(options: { accountId: string; id: string }) {
  const row = await getDb().contactImport.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!row) throw notFound("import");
  return serializeContactImport(row);
}
