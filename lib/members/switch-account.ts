import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { AuthContext } from "@/lib/api/handler";
import { listMyAccounts } from "./list-my-accounts";

/**
 * Moves the signed-in user to another account they belong to: every request after this one
 * reads that account (the session names the user; the user row names the account shown). An
 * account they are not a member of is a 404, as any other account's record is.
 */
export async function switchAccount(options: { auth: AuthContext; accountId: string }) {
  const { auth } = options;
  if (!auth.userId) throw new ApiError("forbidden", "switching accounts needs a dashboard session; an API key belongs to one account");
  const db = getDb();
  const member = await db.membership.findUnique({ where: { accountId_userId: { accountId: options.accountId, userId: auth.userId } } });
  if (!member) throw new ApiError("not_found", "account not found");
  await db.user.update({ where: { id: auth.userId }, data: { accountId: options.accountId } });
  return listMyAccounts({ userId: auth.userId, currentAccountId: options.accountId });
}
