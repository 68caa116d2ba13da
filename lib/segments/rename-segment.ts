import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { listInclude } from "@/lib/lists/serialize-list";
import type { UpdateSegmentBody } from "./schemas";
import { describeSegment } from "./serialize-segment";
import { compileSegmentFilter } from "./compile-segment-filter-sql";
import { loadFilterContext } from "./load-filter-context";

/**
 * Renames a segment and, for a filtered one, replaces its filter (checked as on create, and
 * refused when it would name the segment itself, directly or through others). A static segment
 * stays static: its members were added by hand. Automations that name the list by its old name
 * stop matching it, as with any list rename; a name already used is a 409.
 */
export async function renameSegment(options: { accountId: string; id: string; input: UpdateSegmentBody }) {
  const { accountId, id, input } = options;
  const current = await getListOrThrow({ accountId, id });
  if (input.filter !== undefined) {
    if (current.filter === null) {
      throw new ApiError("validation_error", "filter: a static segment has no filter; create a filtered segment instead", [
        { path: "filter", message: "static segment" },
      ]);
    }
    const ctx = await loadFilterContext(getDb(), accountId, input.filter);
    const segments = new Map(ctx.segments);
    segments.set(id, { filter: input.filter });
    compileSegmentFilter(input.filter, { ...ctx, segments }, { selfId: id });
  }
  try {
    const list = await getDb().contactList.update({
      where: { id },
      data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.filter !== undefined ? { filter: input.filter } : {}) },
      include: listInclude,
    });
    return describeSegment(list);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", `a list named "${input.name}" already exists`, [{ path: "name", message: "already used" }]);
    }
    throw error;
  }
}
