import { createDomain } from "@/lib/domains/create-domain";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";

/** A domain of the account marked verified (DNS verification has its own tests). */
export async function makeVerifiedDomain(accountId: string, name = `mw${randomBase62(8).toLowerCase()}.example`) {
  const domain = await createDomain({ accountId, input: { domain: name } });
  await getDb().domain.update({ where: { id: domain.id }, data: { status: "verified", verifiedAt: new Date() } });
  return { id: domain.id, domain: name };
}
