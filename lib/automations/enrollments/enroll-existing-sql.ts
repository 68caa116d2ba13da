import type { Db, Tx } from "@/lib/db/client";

// The contacts an activation with enrollExisting enrolls: subscribed, not suppressed, not yet
// enrolled in this automation, and matching the trigger as it stands now: members of the list
// (list_join) or with the property equal to the value (property_equals; numbers and booleans
// compare as their text, as the trigger does). Ordered by id, so the background job goes through
// them in pages.

export type ExistingMatch = { kind: "list"; listName: string } | { kind: "property"; property: string; value: string };

const MATCH_SQL = `
  FROM "Contact" c
  WHERE c."accountId" = $1 AND c.subscribed AND c.id > $2
    AND CASE WHEN $3::text = 'list'
      THEN EXISTS (SELECT 1 FROM "ListMembership" m JOIN "ContactList" l ON l.id = m."listId"
                   WHERE m."contactId" = c.id AND l."accountId" = $1 AND l.name = $4)
      ELSE c.properties->>$4 = $5 END
    AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = $1 AND s.email = c.email)
    AND NOT EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."automationId" = $6 AND e."contactId" = c.id)`;

const params = (o: { accountId: string; automationId: string; match: ExistingMatch; afterId?: string }) => [
  o.accountId,
  o.afterId ?? "",
  o.match.kind,
  o.match.kind === "list" ? o.match.listName : o.match.property,
  o.match.kind === "list" ? "" : o.match.value,
  o.automationId,
];

/** How many contacts an enrollExisting activation would enroll now. */
export async function countExistingMatches(
  db: Db | Tx,
  o: { accountId: string; automationId: string; match: ExistingMatch },
): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n ${MATCH_SQL}`, ...params(o));
  return rows[0].n;
}

/** Up to `limit` matching contact ids after `afterId`, in id order. */
export async function selectExistingMatches(
  db: Db | Tx,
  o: { accountId: string; automationId: string; match: ExistingMatch; afterId?: string; limit: number },
): Promise<string[]> {
  // The page size is bound like the other values ($7), so the statement text is the same for every page.
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT c.id ${MATCH_SQL} ORDER BY c.id LIMIT $7::int`,
    ...params(o),
    Math.floor(o.limit),
  );
  return rows.map((r) => r.id);
}
