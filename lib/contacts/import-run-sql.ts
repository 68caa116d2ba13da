import type { Tx } from "@/lib/db/client";
import type { Contact } from "@/lib/generated/prisma/client";

/**
 * New contacts in one INSERT from parallel arrays (unnest), with the values the rows would get
 * one by one: subscribed, no unsubscribe time, the given created and updated times. A contact
 * whose address the account already has fails the statement (the unique account and email),
 * as a single create would.
 */
export async function insertContactsSql(tx: Tx, contacts: Contact[]): Promise<void> {
  const [first] = contacts;
  await tx.$executeRaw`
    INSERT INTO "Contact" (id, "accountId", email, name, properties, subscribed, "createdAt", "updatedAt")
    SELECT c.id, ${first.accountId}, c.email, c.name, c.properties::jsonb, true, ${first.createdAt}, ${first.updatedAt}
    FROM unnest(${contacts.map((c) => c.id)}::text[], ${contacts.map((c) => c.email)}::text[], ${contacts.map((c) => c.name)}::text[],
                ${contacts.map((c) => JSON.stringify(c.properties))}::text[]) AS c(id, email, name, properties)`;
}
