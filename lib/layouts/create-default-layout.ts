import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";

/**
 * The layout an account starts with, in its sign-up transaction: named after the company (the
 * account's name until one is set), the default colour and font. The account's broadcasts and
 * journey emails are sent in it until it is edited or another is made the default.
 */
export async function createDefaultLayout(tx: Tx, options: { accountId: string; companyName: string }) {
  return tx.layout.create({
    data: {
      id: newId("lay"),
      accountId: options.accountId,
      name: "Default",
      isDefault: true,
      headerText: options.companyName.trim() || null,
    },
  });
}
