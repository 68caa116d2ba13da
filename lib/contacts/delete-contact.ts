import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import type { Prisma } from "@/lib/generated/prisma/client";
import { deleteContactSql } from "./delete-contact-sql";
import { fanOutContactEvents } from "./fan-out-contact-events";

/**
 * Deletes the contact with its list memberships and enrollments; sent emails stay.
 * `contact.deleted` (the contact as the delete found it) goes to the webhooks that want it, in
 * the same transaction.
 */
export async function deleteContact(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  return getDb().$transaction(async (tx) => {
    const row = await deleteContactSql(tx, { accountId, id });
    if (!row) throw notFound("contact");
    const contact = { ...row, properties: row.properties as Prisma.JsonValue };
    await fanOutContactEvents(tx, { accountId, at: now(), changes: [{ type: "contact.deleted", contact }] });
    return { id, deleted: true as const };
  });
}
