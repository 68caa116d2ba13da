import { ApiError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { checkSender } from "@/lib/domains/check-sender";

/**
 * 403 domain_not_verified naming why the broadcast's sender may not send to its list (see
 * checkSender: a verified domain, or in local mode the sandbox sender or any domain of the account).
 */
export async function assertBroadcastSender(db: Db | Tx, accountId: string, from: string): Promise<void> {
  const sender = await checkSender(db, accountId, from);
  if (sender.problem === null) return;
  throw new ApiError("domain_not_verified", `${sender.reason}; add and verify a domain first`, [{ path: "from", message: sender.reason }]);
}
