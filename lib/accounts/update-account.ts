import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/api/errors";
import { checkSender } from "@/lib/domains/check-sender";
import { serializeAccount } from "./serialize-account";
import { oidcProvider } from "@/lib/auth/options";
import type { UpdateAccountBody } from "./schemas";

/** Changes only the fields given; a default sender must be one that may send (checkSender). */
export async function updateAccount(options: { accountId: string; input: UpdateAccountBody }) {
  const db = getDb();
  const { defaultFrom } = options.input;
  // Turning password sign-in off with no way in through single sign-on would lock everyone out.
  if (options.input.passwordSignIn === false && !oidcProvider()) {
    throw new ApiError(
      "validation_error",
      "passwordSignIn: single sign-on is not configured (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)",
      [{ path: "passwordSignIn", message: "single sign-on is not configured" }],
    );
  }
  if (defaultFrom) {
    const sender = await checkSender(db, options.accountId, defaultFrom);
    if (sender.problem) {
      throw new ApiError("domain_not_verified", `defaultFrom: ${sender.reason}`, [{ path: "defaultFrom", message: sender.reason }]);
    }
  }
  const { frequencyCap, ...rest } = options.input;
  const data = { ...rest, ...(frequencyCap !== undefined ? { frequencyCap: frequencyCap ?? Prisma.DbNull } : {}) };
  const account = await db.account.update({ where: { id: options.accountId }, data });
  return serializeAccount(account);
}
