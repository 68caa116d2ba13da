import { getEnv } from "@/lib/config/env";
import { domainOf } from "@/lib/emails/addresses";

/**
 * Who the sandbox sender may reach: the account's own address, the simulator mailboxes, and,
 * with the dev-inbox transport (nothing leaves the machine), anyone. `recipient` is a bare,
 * lower-case address.
 */
export function sandboxRecipientAllowed(recipient: string, accountEmail: string): boolean {
  if (getEnv().MAIL_TRANSPORT === "inbox") return true;
  if (recipient === accountEmail.toLowerCase()) return true;
  const domain = domainOf(recipient);
  return domain === "simulator.test" || domain.endsWith(".simulator.test");
}
