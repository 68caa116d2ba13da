import type { Tx } from "@/lib/db/client";

/**
 * When an account's domain becomes verified and the account has no default sender yet, the
 * default becomes hello@<domain>, so its automations and SMTP have a sender at
 * once. An existing defaultFrom is never changed. Called by the one place a domain's
 * verification is stored (runDomainCheck), for the API verify and the re-check alike.
 */
export async function fillDefaultSender(tx: Tx, options: { accountId: string; domain: string }): Promise<void> {
  await tx.account.updateMany({
    where: { id: options.accountId, defaultFrom: null },
    data: { defaultFrom: `hello@${options.domain}` },
  });
}
