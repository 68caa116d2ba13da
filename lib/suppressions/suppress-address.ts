import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";

/** Adds the address to the account's suppression list (first reason wins). Inside the caller's tx. */
export async function suppressAddress(
  tx: Tx,
  options: { accountId: string; email: string; reason: "hard_bounce" | "complaint"; emailId: string | null },
) {
  await tx.suppression.upsert({
    where: { accountId_email: { accountId: options.accountId, email: options.email } },
    create: { id: newId("sup"), accountId: options.accountId, email: options.email, reason: options.reason, emailId: options.emailId },
    update: {},
  });
}
