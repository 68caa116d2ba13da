import { getDb } from "@/lib/db/client";
import { createList } from "@/lib/lists/create-list";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import type { CreateSegmentBody } from "./schemas";
import { serializeSegment } from "./serialize-segment";

/** A static segment is a new list (409 on a name already used). */
export async function createSegment(options: { accountId: string; input: CreateSegmentBody }) {
  const list = await createList({ accountId: options.accountId, input: { name: options.input.name } });
  return serializeSegment(await getListOrThrow({ accountId: options.accountId, id: list.id, db: getDb() }));
}
