import type { Db, Tx } from "@/lib/db/client";
import { domainOf, parseAddress } from "@/lib/emails/addresses";

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
