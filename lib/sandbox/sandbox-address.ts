import { getEnv } from "@/lib/config/env";
import { domainOf, parseAddress } from "@/lib/emails/addresses";

/** The sandbox sender's address and domain (SANDBOX_FROM; a display name there is ignored). */
export function sandboxAddress(): { address: string; domain: string } {
  const parsed = parseAddress(getEnv().SANDBOX_FROM);
  if (!parsed) throw new Error(`SANDBOX_FROM is not an email address: ${getEnv().SANDBOX_FROM}`);
  return { address: parsed.address, domain: domainOf(parsed.address) };
}

/** Whether a From field ("Name <a@b>" or a bare address) is the sandbox sender. */
export function isSandboxFrom(from: string): boolean {
  return parseAddress(from)?.address === sandboxAddress().address;
}
