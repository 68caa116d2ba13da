import type { ListWithCount } from "@/lib/lists/serialize-list";

// Segments answer in the resend SDK's field names (its Segment type), with the member count.
export function serializeSegment(list: ListWithCount) {
  return {
    object: "segment" as const,
    id: list.id,
    name: list.name,
    filter: null,
    count: list._count.memberships,
    created_at: list.createdAt.toISOString(),
  };
}
