import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { assertBelowAccountLimit } from "@/lib/accounts/account-limit";
import type { CreateLayoutBody } from "./schemas";
import { serializeLayout } from "./serialize-layout";

/** Layouts one account may have: the list is read whole. */
export const MAX_LAYOUTS_PER_ACCOUNT = 50;

/** A new, non-default layout (403 limit_reached past MAX_LAYOUTS_PER_ACCOUNT). */
export async function createLayout(options: { accountId: string; input: CreateLayoutBody }) {
  const { accountId, input } = options;
  const layout = await getDb().$transaction(async (tx) => {
    await assertBelowAccountLimit(tx, {
      accountId,
      max: MAX_LAYOUTS_PER_ACCOUNT,
      count: () => tx.layout.count({ where: { accountId } }),
      what: "layouts",
      remedy: "delete one you no longer use",
    });
    return tx.layout.create({ data: { id: newId("lay"), accountId, isDefault: false, ...input } });
  });
  return serializeLayout(layout);
}
