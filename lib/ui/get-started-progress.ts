import { getDb } from "@/lib/db/client";
import type { OnboardingProgress } from "./onboarding-steps";

/**
 * What the first steps (lib/ui/onboarding-steps.ts) read: one-row lookups on account-indexed
 * columns (never a count, which grows with the account), plus the account's address: the
 * recipient the sandbox sender always accepts.
 */
export async function getStartedProgress(accountId: string): Promise<OnboardingProgress & { accountEmail: string }> {
  const db = getDb();
  const id = { id: true } as const;
  const [contact, automation, broadcast, opened, apiKey, email, verified, pending, webhook, account] = await Promise.all([
    db.contact.findFirst({ where: { accountId }, select: id }),
    db.automation.findFirst({ where: { accountId }, select: id }),
    db.broadcast.findFirst({ where: { accountId, status: { in: ["scheduled", "sending", "sent"] } }, select: id }),
    db.analyticsCounter.findFirst({ where: { accountId, opened: { gt: 0 } }, select: { accountId: true } }),
    db.apiKey.findFirst({ where: { accountId, isActive: true }, select: id }),
    db.email.findFirst({ where: { accountId, isTest: false }, select: id }),
    db.domain.findFirst({ where: { accountId, status: "verified" }, orderBy: { createdAt: "asc" }, select: { domain: true } }),
    db.domain.findFirst({ where: { accountId, status: "unverified" }, orderBy: { createdAt: "desc" }, select: { id: true, domain: true } }),
    db.webhook.findFirst({ where: { accountId }, select: id }),
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } }),
  ]);
  return {
    hasContacts: contact !== null,
    hasAutomation: automation !== null,
    hasBroadcast: broadcast !== null,
    hasOpens: opened !== null,
    hasApiKey: apiKey !== null,
    hasEmail: email !== null,
    verifiedDomain: verified?.domain ?? null,
    pendingDomain: pending,
    hasWebhook: webhook !== null,
    accountEmail: account.email,
  };
}
