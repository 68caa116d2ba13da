import { getDb } from "@/lib/db/client";
import { makeAccount } from "../api";
import { makeVerifiedDomain } from "../domains";

export const CHAOS_CREDITS = 1_000_000;

/** An account that may send a lot fast: a verified domain, no rate limit in the way, credits. */
export async function makeChaosSender() {
  const account = await makeAccount();
  await getDb().account.update({
    where: { id: account.accountId },
    data: { rateLimitPerSecond: 100_000, rateLimitBurst: 100_000, creditBalance: CHAOS_CREDITS },
  });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `Chaos <chaos@${domain.domain}>` };
}

/**
 * Credits are exact when every stored recipient was debited once and nothing else moved:
 * the balance equals the start minus the recipients the database holds for the account.
 */
export async function creditsExact(accountId: string) {
  const db = getDb();
  const [account, recipients] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalance: true } }),
    db.emailRecipient.count({ where: { accountId } }),
  ]);
  return {
    balance: account.creditBalance,
    expected: CHAOS_CREDITS - recipients,
    exact: account.creditBalance === CHAOS_CREDITS - recipients,
  };
}
