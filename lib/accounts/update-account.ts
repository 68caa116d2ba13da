import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { domainOf, parseAddress } from "@/lib/emails/addresses";
import { serializeAccount } from "./serialize-account";
import type { UpdateAccountBody } from "./schemas";

/** Changes only the fields given; a default sender must be on a verified domain of the account. */
export async function updateAccount(options: { accountId: string; input: UpdateAccountBody }) {
  const db = getDb();
  const { defaultFrom } = options.input;
  if (defaultFrom) {
    const domain = domainOf(parseAddress(defaultFrom)!.address);
    const verified = await db.domain.findFirst({ where: { accountId: options.accountId, domain, status: "verified" } });
    if (!verified) {
      throw new ApiError("domain_not_verified", `defaultFrom must be on a verified domain; ${domain} is not verified`, [
        { path: "defaultFrom", message: `${domain} is not a verified domain of this account` },
      ]);
    }
  }
  const account = await db.account.update({ where: { id: options.accountId }, data: options.input });
  return serializeAccount(account);
}
