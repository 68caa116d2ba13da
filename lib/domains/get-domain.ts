import { findDomainOrThrow } from "./find-domain-or-throw";
import { serializeDomain } from "./serialize-domain";

/** One domain with its records and the last check's diagnosis. */
export async function getDomain(options: { accountId: string; id: string }) {
  return serializeDomain(await findDomainOrThrow(options));
}
