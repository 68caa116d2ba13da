import type { ListWithCount } from "@/lib/lists/serialize-list";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { countSegmentMembers } from "./segment-members-sql";

// Segments answer in the resend SDK's field names (its Segment type), with the member count:
// a static segment's membership rows, a filtered one's contacts matching it now.
export function serializeSegment(list: ListWithCount, count?: number) {
  return {
    object: "segment" as const,
    id: list.id,
    name: list.name,
    filter: (list.filter ?? null) as Rule | null,
    count: count ?? list._count.memberships,
    created_at: list.createdAt.toISOString(),
  };
}

/** The segment with its live count (a filtered segment's count is one bounded query). */
export async function describeSegment(list: ListWithCount) {
  const filter = (list.filter ?? null) as Rule | null;
  return serializeSegment(list, filter ? await countSegmentMembers(list.accountId, filter) : undefined);
}
