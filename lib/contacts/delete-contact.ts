import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { fanOutContactEvents } from "./fan-out-contact-events";

/**
 * Deletes the contact with its list memberships and enrollments; sent emails stay.
 * `contact.deleted` (the contact as it was) goes to the webhooks that want it in the same
 * transaction: a delete that finds the contact gone meanwhile rolls it back with a 404.
 */
export async function deleteContact(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  return getDb().$transaction(async (tx) => {
    const contact = await tx.contact.findFirst({ where: { id, accountId } });
    if (!contact) throw notFound("contact");
    await fanOutContactEvents(tx, { accountId, at: now(), changes: [{ type: "contact.deleted", contact }] });
    const { count } = await tx.contact.deleteMany({ where: { id, accountId } });
    if (!count) throw notFound("contact");
    return { id, deleted: true as const };
  });
}
