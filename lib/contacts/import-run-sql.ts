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

/**
 * The account's contacts with these addresses, locked (FOR UPDATE) as updateContact locks the
 * row it merges into, so a PATCH in between is not lost.
 */
export async function lockContactsByEmailSql(tx: Tx, accountId: string, emails: string[]): Promise<Contact[]> {
  return tx.$queryRaw<Contact[]>`
    SELECT id, "accountId", email, name, properties, subscribed, "unsubscribedAt", "createdAt", "updatedAt"
    FROM "Contact" WHERE "accountId" = ${accountId} AND email = ANY(${emails}::text[])
    FOR UPDATE`;
}

/** Adds the contacts to the list; the ids of those that were not members already (in the given order). */
export async function joinListSql(tx: Tx, o: { listId: string; contactIds: string[]; at: Date }): Promise<string[]> {
  const rows = await tx.$queryRaw<{ contactId: string }[]>`
    INSERT INTO "ListMembership" ("listId", "contactId", "createdAt")
    SELECT ${o.listId}, m.id, ${o.at} FROM unnest(${o.contactIds}::text[]) WITH ORDINALITY AS m(id, n) ORDER BY m.n
    ON CONFLICT DO NOTHING
    RETURNING "contactId"`;
  const joined = new Set(rows.map((r) => r.contactId));
  return o.contactIds.filter((id) => joined.has(id));
}
