import { assertBelowAccountLimit } from "@/lib/accounts/account-limit";
import { getEnv } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";

/** Refuses a new automation (linear, journey or duplicate) past AUTOMATION_MAX_PER_ACCOUNT. */
export function assertBelowAutomationLimit(tx: Tx, accountId: string) {
  return assertBelowAccountLimit(tx, {
    accountId,
    max: getEnv().AUTOMATION_MAX_PER_ACCOUNT,
    count: () => tx.automation.count({ where: { accountId } }),
    what: "automations",
    remedy: "delete one you no longer use before creating another",
  });
}
