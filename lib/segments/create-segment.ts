import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { createList } from "@/lib/lists/create-list";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { listInclude } from "@/lib/lists/serialize-list";
import type { CreateSegmentBody } from "./schemas";
import { describeSegment, serializeSegment } from "./serialize-segment";
import { compileAccountFilter } from "./segment-members-sql";

/**
 * A segment without a filter is a new list; with one, a list whose members are the contacts
 * matching it (checked first: a filter that cannot be compiled, or names a segment the account
 * does not have, is a 400 naming its part). A name already used is a 409.
 */
export async function createSegment(options: { accountId: string; input: CreateSegmentBody }) {
  const { accountId, input } = options;
  if (!input.filter) {
    const list = await createList({ accountId, input: { name: input.name } });
    return serializeSegment(await getListOrThrow({ accountId, id: list.id, db: getDb() }));
  }
  await compileAccountFilter(accountId, input.filter, 1);
  try {
    const list = await getDb().contactList.create({
      data: { id: newId("lst"), accountId, name: input.name, filter: input.filter, createdAt: now() },
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
