import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { serializeContactEvent } from "./serialize-contact-event";
import type { ListContactEventsQuery } from "./schemas";

/** A contact's events, newest first (its activity on the contact page). */
export async function listContactEvents(options: { accountId: string; contactId: string; query: ListContactEventsQuery }) {
  const { accountId, contactId, query } = options;
  await getContactOrThrow({ accountId, id: contactId });
  const db = getDb();
  const where = { accountId, contactId };
  const [rows, total] = await Promise.all([
    db.contactEvent.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db.contactEvent.count({ where }),
  ]);
  return paginated(rows.map(serializeContactEvent), total, query);
}
