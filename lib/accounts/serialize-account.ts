import type { Account } from "@/lib/generated/prisma/client";

export function serializeAccount(account: Account) {
  return {
    id: account.id,
    name: account.name,
    companyName: account.companyName,
    email: account.email,
    defaultFrom: account.defaultFrom,
    trackOpens: account.trackOpens,
    trackClicks: account.trackClicks,
    createdAt: account.createdAt.toISOString(),
  };
}
