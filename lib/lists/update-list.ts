import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { getListOrThrow } from "./get-list-or-throw";
import { listInclude, serializeList } from "./serialize-list";
import type { UpdateListBody } from "./schemas";

/**
 * Renames a list or turns double opt-in on or off. Turning it off leaves pending joiners pending
 * (their links still confirm them); a name already used is a 409.
 */
export async function updateList(options: { accountId: string; id: string; input: UpdateListBody }) {
  const { accountId, id, input } = options;
  await getListOrThrow({ accountId, id });
  try {
    const list = await getDb().contactList.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.doubleOptIn !== undefined ? { doubleOptIn: input.doubleOptIn } : {}),
      },
      include: listInclude,
    });
    return serializeList(list);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", `a list named "${input.name}" already exists`, [{ path: "name", message: "already used" }]);
    }
    throw error;
  }
}
