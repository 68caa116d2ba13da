import { getDb } from "@/lib/db/client";

/**
 * What the "Get started" checklist needs to know, read-only: whether the account has a
 * verified domain (else its newest unverified one, to finish), whether it ever sent, and the
 * account's address (the recipient the sandbox sender always accepts).
 */
export async function getStartedProgress(accountId: string) {
  const db = getDb();
  const [verified, pending, email, account] = await Promise.all([
    db.domain.findFirst({ where: { accountId, status: "verified" }, orderBy: { createdAt: "asc" }, select: { domain: true } }),
    db.domain.findFirst({ where: { accountId, status: "unverified" }, orderBy: { createdAt: "desc" }, select: { id: true, domain: true } }),
    db.email.findFirst({ where: { accountId, isTest: false }, select: { id: true } }),
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } }),
  ]);
  return { verifiedDomain: verified?.domain ?? null, pendingDomain: pending, hasEmail: email !== null, accountEmail: account.email };
}
