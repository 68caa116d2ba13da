import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import type { UpdateLayoutBody } from "./schemas";
import { serializeLayout } from "./serialize-layout";

/** Changes the fields given; the next email sent in the layout shows them. */
export async function updateLayout(options: { accountId: string; id: string; input: UpdateLayoutBody }) {
  const { accountId, id, input } = options;
  const { count } = await getDb().layout.updateMany({ where: { id, accountId }, data: input });
  if (count === 0) throw notFound("layout");
  return serializeLayout(await getDb().layout.findUniqueOrThrow({ where: { id } }));
}
