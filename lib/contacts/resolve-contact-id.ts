import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/**
 * The contact id for a path segment that is an id or, as Resend's SDK sends it
 * (GET /contacts/ada@example.com), an email address; ids never hold an "@".
 */
export async function resolveContactId(options: { accountId: string; idOrEmail: string }): Promise<string> {
  if (!options.idOrEmail.includes("@")) return options.idOrEmail;
  const contact = await getDb().contact.findFirst({
    where: { accountId: options.accountId, email: options.idOrEmail.trim().toLowerCase() },
    select: { id: true },
  });
  if (!contact) throw notFound("contact");
  return contact.id;
}
