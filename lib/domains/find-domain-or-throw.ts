import { notFound } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import type { DomainRow } from "./serialize-domain";

/** A domain of this account, or 404: another account's id is indistinguishable from none. */
export async function findDomainOrThrow(options: { accountId: string; id: string }): Promise<DomainRow> {
  const domain = await getDb().domain.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!domain) throw notFound("domain");
  return domain;
}
