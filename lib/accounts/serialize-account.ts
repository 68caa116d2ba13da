import type { Account } from "@/lib/generated/prisma/client";
import type { FrequencyCap } from "@/lib/automations/frequency-cap/frequency-cap-schema";
import { isLocalMode, localModeWarning, webhooksMayReachPrivate } from "@/lib/config/local-mode";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";

export function serializeAccount(account: Account) {
  return {
    id: account.id,
    name: account.name,
    companyName: account.companyName,
    email: account.email,
    defaultFrom: account.defaultFrom,
    trackOpens: account.trackOpens,
    trackClicks: account.trackClicks,
    timezone: account.timezone,
    frequencyCap: (account.frequencyCap ?? null) as FrequencyCap | null,
    passwordSignIn: account.passwordSignIn,
    emailConfirmedAt: account.emailConfirmedAt?.toISOString() ?? null,
    // Free credits waiting for the sign-up confirmation link (0 once confirmed).
    freeCreditsPending: account.freeCreditsPending,
    sandboxFrom: sandboxAddress().address,
    localMode: isLocalMode(),
    localModeWarning: localModeWarning(),
    webhooksReachPrivate: webhooksMayReachPrivate(),
    createdAt: account.createdAt.toISOString(),
  };
}
