import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";

/** Deletes a layout that is not the default (409: make another the default first). */
export async function deleteLayout(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const { count } = await getDb().layout.deleteMany({ where: { id, accountId, isDefault: false } });
  if (count === 0) {
    const exists = await getDb().layout.findFirst({ where: { id, accountId }, select: { id: true } });
    if (!exists) throw notFound("layout");
    throw new ApiError("conflict", "the default layout cannot be deleted: make another layout the default first");
  }
  return { id, deleted: true as const };
}
