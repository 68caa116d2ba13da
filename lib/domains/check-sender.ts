import type { Db, Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/config/env";
import { isLocalMode } from "@/lib/config/local-mode";
import { domainOf, parseAddress } from "@/lib/emails/addresses";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";

export type SenderProblem = "no_sender" | "invalid_sender" | "sender_not_verified" | "sandbox_sender";

export type SenderCheck = { from: string; problem: null } | { from: string | null; problem: SenderProblem; reason: string };

/**
 * Whether `from` may send to contacts (automations, broadcasts, the account's default sender).
 * A verified domain of the account always may. In local mode (mail cannot leave the machine)
 * the sandbox sender and the account's unverified domains may too, since every email lands in
 * the dev inbox, unless another account has verified that name (it is that account's alone). With a real transport neither may: the sandbox sender reaches only the
 * account's own address and the simulator, and an unverified domain nobody.
 */
export async function checkSender(db: Db | Tx, accountId: string, from: string | null): Promise<SenderCheck> {
  if (!from) return { from: null, problem: "no_sender", reason: "no sender: set the automation's from, or the account's defaultFrom" };
  const parsed = parseAddress(from);
  if (!parsed) return { from, problem: "invalid_sender", reason: `${from} is not a valid address` };
  const local = isLocalMode();
  if (parsed.address === sandboxAddress().address) {
    if (local) return { from, problem: null };
    return {
      from,
      problem: "sandbox_sender",
      reason:
        `the sandbox sender ${parsed.address} only reaches your own address while mail leaves this machine ` +
        `(MAIL_TRANSPORT=${getEnv().MAIL_TRANSPORT}): verify a domain and send from it`,
    };
  }
  const domain = domainOf(parsed.address);
  const row = await db.domain.findFirst({ where: { accountId, domain }, select: { status: true } });
  if (row?.status === "verified" || (row && local && !(await heldElsewhere(db, accountId, domain)))) return { from, problem: null };
  return {
    from,
    problem: "sender_not_verified",
    reason: `the sender domain ${domain} is not a verified domain of this account${row ? "" : " (add it under Domains)"}`,
  };
}

/**
 * Whether an email's stored From domain may still send at delivery: it is the account's and
 * verified, or (local mode) the account's and verified by no other account. A domain taken by
 * another account or deleted since the accept may not.
 */
export async function domainMaySend(
  db: Db | Tx,
  domain: { accountId: string; domain: string; status: string } | null | undefined,
  accountId: string,
): Promise<boolean> {
  if (!domain || domain.accountId !== accountId) return false;
  if (domain.status === "verified") return true;
  return isLocalMode() && !(await heldElsewhere(db, accountId, domain.domain));
}

/** Whether another account holds `domain` verified (a name proved by one account is its alone). */
async function heldElsewhere(db: Db | Tx, accountId: string, domain: string): Promise<boolean> {
  const holder = await db.domain.findFirst({ where: { domain, status: "verified", accountId: { not: accountId } }, select: { id: true } });
  return holder !== null;
}
