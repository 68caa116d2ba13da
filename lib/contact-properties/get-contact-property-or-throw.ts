import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** The account's declared property, or a 404 (another account's included). */
export async function getContactPropertyOrThrow(options: { accountId: string; id: string }) {
  const row = await getDb().contactProperty.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!row) throw notFound("contact property");
  return row;
}
