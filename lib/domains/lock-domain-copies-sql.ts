import type { Tx } from "@/lib/db/client";

export interface LockedDomainCopy {
  id: string;
  accountId: string;
  status: "verified" | "unverified";
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
}

/**
 * Locks one copy of a name and the verified copy of that name, if another account holds it,
 * for the rest of the transaction. Locked in id order, so two checks that lock the same pair
 * (a take-over and the holder's own check) queue instead of deadlocking.
 */
export function lockDomainCopies(tx: Tx, params: { id: string; domain: string }): Promise<LockedDomainCopy[]> {
  return tx.$queryRaw<LockedDomainCopy[]>`
    SELECT "id", "accountId", "status"::text AS "status", "verifiedAt", "lastCheckedAt"
    FROM "Domain"
    WHERE "id" = ${params.id}
       OR ("domain" = ${params.domain} AND "status" = 'verified'::"DomainStatus")
    ORDER BY "id"
    FOR UPDATE`;
}
