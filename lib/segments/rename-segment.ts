import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { listInclude } from "@/lib/lists/serialize-list";
import type { UpdateSegmentBody } from "./schemas";
import { serializeSegment } from "./serialize-segment";

/**
 * Renames a static segment (its list). Automations that name the list by its old name stop
 * matching it, as with any list rename; a name already used is a 409.
 */
export async function renameSegment(options: { accountId: string; id: string; input: UpdateSegmentBody }) {
  const { accountId, id, input } = options;
  await getListOrThrow({ accountId, id });
  try {
    const list = await getDb().contactList.update({ where: { id }, data: { name: input.name }, include: listInclude });
    return serializeSegment(list);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", `a list named "${input.name}" already exists`, [{ path: "name", message: "already used" }]);
    }
    throw error;
  }
}
