import type { Db, Tx } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import type { ContactPropertyType } from "@/lib/generated/prisma/enums";
import { FILTER_MAX_NODES, segmentIdsOf, type FilterCompileContext, type SegmentRef } from "./compile-segment-filter-sql";

/**
 * What compiling `filter` needs from the account: its declared property types and the
 * segments the filter names, followed through the filters of those it names in turn (at most
 * FILTER_MAX_NODES of them; the compiler refuses a filter that large anyway). Ids of another
 * account are simply not found, so the compiler answers "no segment X in this account".
 */
export async function loadFilterContext(db: Db | Tx, accountId: string, filter: Rule): Promise<FilterCompileContext> {
  const segments = new Map<string, SegmentRef>();
  let wanted = [...segmentIdsOf(filter)];
  while (wanted.length && segments.size < FILTER_MAX_NODES) {
    const rows = await db.contactList.findMany({
      where: { accountId, id: { in: wanted.slice(0, FILTER_MAX_NODES) } },
      select: { id: true, filter: true },
    });
    const next = new Set<string>();
    for (const row of rows) {
      const ref: SegmentRef = { filter: (row.filter as Rule | null) ?? null };
      segments.set(row.id, ref);
      if (ref.filter) for (const id of segmentIdsOf(ref.filter)) if (!segments.has(id)) next.add(id);
    }
    wanted = [...next];
  }
  const declared = await db.contactProperty.findMany({ where: { accountId }, select: { key: true, type: true } });
  const properties = new Map<string, ContactPropertyType>(declared.map((p) => [p.key, p.type]));
  return { properties, segments, now: now() };
}
