import { getDb } from "@/lib/db/client";
import { lockRow } from "@/lib/db/lock-row";
import { getLayoutOrThrow } from "./get-layout-or-throw";
import { serializeLayout } from "./serialize-layout";

/**
 * Makes the layout the account's default (the one before stops being it). The account row is
 * locked so two concurrent calls end with one default, not a unique-index error.
 */
export async function setDefaultLayout(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const layout = await getDb().$transaction(async (tx) => {
    await lockRow(tx, "Account", { id: accountId });
    await getLayoutOrThrow({ accountId, id, db: tx });
    await tx.layout.updateMany({ where: { accountId, isDefault: true, NOT: { id } }, data: { isDefault: false } });
    return tx.layout.update({ where: { id }, data: { isDefault: true } });
  });
  return serializeLayout(layout);
}
