import { getDb } from "@/lib/db/client";

export interface InboxMessageRow {
  id: string;
  accountId: string;
  emailId: string | null;
  recipientId: string | null;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  raw: string;
}

/**
 * One INSERT of a dev inbox message, nothing read back: the row holds the whole raw message,
 * and the ORM's create both returned it and planned its statement anew for every message (a
 * scalar list in its values is written into the statement it caches plans by).
 */
export async function insertInboxMessageSql(row: InboxMessageRow): Promise<void> {
  await getDb().$executeRaw`
    INSERT INTO "InboxMessage" (id, "accountId", "emailId", "recipientId", "from", "to", subject, html, text, raw)
    VALUES (${row.id}, ${row.accountId}, ${row.emailId}, ${row.recipientId}, ${row.from}, ${row.to}::text[], ${row.subject},
      ${row.html}, ${row.text}, ${row.raw})`;
}
