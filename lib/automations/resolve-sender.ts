import type { Db, Tx } from "@/lib/db/client";
import { domainOf, parseAddress } from "@/lib/emails/addresses";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";

/** The sender an automation sends from (its own, else the account's default), or why there is none. */
export async function resolveSender(
  db: Db | Tx,
  accountId: string,
  automationFrom: string | null,
): Promise<{ from: string; problem: null } | { from: string | null; problem: string }> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { defaultFrom: true } });
  const from = automationFrom ?? account.defaultFrom;
  if (!from) return { from: null, problem: "no sender: set the automation's from, or the account's defaultFrom" };
  const parsed = parseAddress(from);
  if (!parsed) return { from, problem: `${from} is not a valid address` };
  const domain = domainOf(parsed.address);
  const verified = await db.domain.findFirst({ where: { accountId, domain, status: "verified" }, select: { id: true } });
  if (!verified) return { from, problem: `the sender domain ${domain} is not a verified domain of this account` };
  return { from, problem: null };
}

/**
 * The sender of a test run's emails: the automation's own when it could send, else the sandbox
 * sender (DESIGN 6), which needs no verified domain. A test run's emails land only in the dev
 * inbox, so a marketer can try an automation before any domain is verified.
 */
export async function resolveTestRunSender(db: Db | Tx, accountId: string, automationFrom: string | null): Promise<string> {
  const sender = await resolveSender(db, accountId, automationFrom);
  return sender.problem === null ? sender.from : sandboxAddress().address;
}
