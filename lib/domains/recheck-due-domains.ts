import { now as clockNow } from "@/lib/clock/clock";
import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { createDnsLookup } from "./create-dns-lookup";
import { runDomainCheck } from "./run-domain-check";

// A claimed domain's nextCheckAt moves this far ahead while its check runs, so another worker
// skips it; if this process dies mid-check, the domain simply comes due again after the lease.
const LEASE_MS = 10 * 60_000;
const DEFAULT_LIMIT = 100;
const CONCURRENCY = 8;

export interface RecheckSummary {
  checked: number;
  /** Domains that went from unverified to verified in this run. */
  newlyVerified: number;
  /** Checks that threw (database trouble; DNS trouble is a diagnosis, not an error). */
  errors: number;
}

/**
 * Re-checks the DNS of every domain whose nextCheckAt has come (see nextCheckAt for the
 * back-off), at most `limit` per run. Safe with several workers: rows are claimed with
 * FOR UPDATE SKIP LOCKED, and a check is idempotent anyway.
 */
export async function recheckDueDomains(
  options: {
    now?: Date;
    limit?: number;
    /** Only this account's domains (an operator re-checking one customer; tests stay isolated). */
    accountId?: string;
  } = {},
): Promise<RecheckSummary> {
  const now = options.now ?? clockNow();
  const db = getDb();
  const claimed = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Domain" SET "nextCheckAt" = ${new Date(now.getTime() + LEASE_MS)}
    WHERE "id" IN (
      SELECT "id" FROM "Domain"
      WHERE "nextCheckAt" <= ${now}
        AND (${options.accountId ?? null}::text IS NULL OR "accountId" = ${options.accountId ?? null})
      ORDER BY "nextCheckAt"
      LIMIT ${options.limit ?? DEFAULT_LIMIT}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  const summary: RecheckSummary = { checked: 0, newlyVerified: 0, errors: 0 };
  if (claimed.length === 0) return summary;

  const lookup = createDnsLookup();
  const queue = claimed.map((row) => row.id);
  async function worker() {
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        const domain = await db.domain.findUnique({ where: { id } });
        if (!domain) continue; // deleted since it was claimed
        const result = await runDomainCheck({ domain, now, lookup, trigger: "recheck" });
        summary.checked++;
        if (domain.status !== "verified" && result.domain.status === "verified") summary.newlyVerified++;
      } catch (error) {
        summary.errors++;
        logger().warn({ err: error, domainId: id }, "domain re-check failed; it comes due again after the lease");
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return summary;
}
