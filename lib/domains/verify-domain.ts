import { now } from "@/lib/clock/clock";
import { findDomainOrThrow } from "./find-domain-or-throw";
import { runDomainCheck } from "./run-domain-check";
import { serializeDomain } from "./serialize-domain";

/**
 * POST /domains/:id/verify: checks DNS now. A failing check is still a 200 with
 * status "unverified" and the dns booleans (the spec's verify result) beside the diagnosis,
 * whose problems name why (a DNS record, or `domain_claimed` when another account holds it).
 */
export async function verifyDomain(options: { accountId: string; id: string }) {
  const domain = await findDomainOrThrow(options);
  const result = await runDomainCheck({ domain, now: now(), trigger: "verify" });
  const { id, domain: name, status, verifiedAt, ...rest } = serializeDomain(result.domain);
  return { id, domain: name, status, verifiedAt, dns: result.check.dns, ...rest };
}
