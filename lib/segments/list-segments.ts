import { listLists } from "@/lib/lists/list-lists";
import type { ListSegmentsQuery } from "./schemas";

/** The account's lists as static segments, newest first. */
export async function listSegments(options: { accountId: string; query: ListSegmentsQuery }) {
  const page = await listLists({ accountId: options.accountId, query: options.query });
  return {
    object: "list" as const,
    data: page.data.map((l) => ({
      object: "segment" as const,
      id: l.id,
      name: l.name,
      filter: null,
      count: l.contactCount,
      created_at: l.createdAt,
    })),
    has_more: page.pagination.hasMore,
  };
}
