import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { checkDomainDns } from "./check-domain-dns";
import type { DnsLookup } from "./create-dns-lookup";
import { nextCheckAt } from "./next-check-at";
import type { DomainRow } from "./serialize-domain";
import { RECORD_KEY_BY_PURPOSE } from "./dns-names";
import type { DomainCheck, DomainRecord } from "./types";

/**
 * Checks a domain's DNS now and stores the outcome: the diagnosis, each record's status, and
 * when to look again. Verification is one-way: the first passing check sets verifiedAt, and a
 * later failing check (a record removed) only shows up in the diagnosis, because unverifying
 * would silently stop a customer's mail over what may be a passing DNS outage.
 */
export async function runDomainCheck(options: {
  domain: DomainRow;
  now: Date;
  lookup?: DnsLookup;
}): Promise<{ domain: DomainRow; check: DomainCheck }> {
  const { domain, now } = options;
  const check = await checkDomainDns({
    domain: domain.domain,
    selector: domain.dkimSelector,
    publicKey: domain.dkimPublicKey,
    now,
    lookup: options.lookup,
  });
  const verified = domain.status === "verified" || check.verified;
  const records = (domain.records as unknown as DomainRecord[]).map((record) => ({
    ...record,
    status: check.records[RECORD_KEY_BY_PURPOSE[record.purpose]].status,
  }));
  const updated = await getDb().domain.update({
    where: { id: domain.id },
    data: {
      status: verified ? "verified" : "unverified",
      verifiedAt: domain.verifiedAt ?? (check.verified ? now : null),
      records: records as unknown as Prisma.InputJsonValue,
      lastCheck: check as unknown as Prisma.InputJsonValue,
      lastCheckedAt: now,
      nextCheckAt: nextCheckAt({ verified, createdAt: domain.createdAt, now }),
    },
  });
  return { domain: updated, check };
}
