import { getDb } from "@/lib/db/client";
import { listInclude } from "@/lib/lists/serialize-list";
import type { ListSegmentsQuery } from "./schemas";
import { describeSegment } from "./serialize-segment";

/** The account's segments (static and filtered), newest first, each with its count now. */
export async function listSegments(options: { accountId: string; query: ListSegmentsQuery }) {
  const { limit, offset } = options.query;
  const rows = await getDb().contactList.findMany({
    where: { accountId: options.accountId },
    include: listInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    skip: offset,
  });
  const data = [];
  // One at a time: each filtered count is bounded by its statement timeout, and a page holds at most 100.
  for (const row of rows.slice(0, limit)) data.push(await describeSegment(row));
  return { object: "list" as const, data, has_more: rows.length > limit };
}
