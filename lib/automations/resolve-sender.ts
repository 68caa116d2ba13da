import type { Db, Tx } from "@/lib/db/client";
import { checkSender, type SenderCheck } from "@/lib/domains/check-sender";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";

/** The sender an automation sends from (its own, else the account's default), and whether it may. */
export async function resolveSender(db: Db | Tx, accountId: string, automationFrom: string | null): Promise<SenderCheck> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { defaultFrom: true } });
  return checkSender(db, accountId, automationFrom ?? account.defaultFrom);
}

/**
 * The sender of a test run's emails: the automation's own when it could send, else the sandbox
 * sender, which needs no verified domain. A test run's emails land only in the dev inbox, so a
 * marketer can try an automation before any domain is verified.
 */
export async function resolveTestRunSender(db: Db | Tx, accountId: string, automationFrom: string | null): Promise<string> {
  const sender = await resolveSender(db, accountId, automationFrom);
  return sender.problem === null ? sender.from : sandboxAddress().address;
}
