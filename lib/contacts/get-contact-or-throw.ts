import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { contactInclude } from "./serialize-contact";

/** The account's contact with its lists, or a 404 (another account's contact included). */
export async function getContactOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const contact = await (options.db ?? getDb()).contact.findFirst({
    where: { id: options.id, accountId: options.accountId },
    include: contactInclude,
  });
  if (!contact) throw notFound("contact");
  return contact;
}
