import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { listContacts } from "@/lib/contacts/list-contacts";
import { contactInclude, serializeContact } from "@/lib/contacts/serialize-contact";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { pageSegmentMembers } from "./segment-members-sql";

/** A segment's members, newest first: a static one's membership rows, a filtered one's contacts matching it now. */
export async function listSegmentContacts(options: { accountId: string; id: string; query: Pagination & { email?: string } }) {
  const { accountId, query } = options;
  const list = await getListOrThrow({ accountId, id: options.id });
  if (list.filter === null) return listContacts({ accountId, query: { ...query, list: list.id } });
  const { ids, total } = await pageSegmentMembers(accountId, list.filter as Rule, { limit: query.limit, offset: query.offset });
  const rows = await getDb().contact.findMany({ where: { accountId, id: { in: ids } }, include: contactInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => (byId.has(id) ? [serializeContact(byId.get(id)!)] : []));
  return paginated(ordered, total, { limit: query.limit, offset: query.offset });
}
