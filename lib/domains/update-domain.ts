import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { receivingRecord } from "./build-domain-records";
import { findDomainOrThrow } from "./find-domain-or-throw";
import type { UpdateDomainBody } from "./schemas";
import { serializeDomain } from "./serialize-domain";
import type { DomainRecord } from "./types";

/**
 * PATCH /domains/:id: turns receiving on or off and sets its addresses. Turning it on adds the
 * receiving MX to the records to publish (pending until the next check); turning it off takes
 * it away. The other records and their statuses stay as they are.
 */
export async function updateDomain(options: { accountId: string; id: string; input: UpdateDomainBody }) {
  const domain = await findDomainOrThrow(options);
  const receiving = options.input.receiving ?? domain.receiving;
  let records = domain.records as unknown as DomainRecord[];
  const has = records.some((r) => r.purpose === "receiving MX");
  if (receiving && !has) records = [...records, receivingRecord(domain.domain)];
  if (!receiving && has) records = records.filter((r) => r.purpose !== "receiving MX");
  const updated = await getDb().domain.update({
    where: { id: domain.id },
    data: {
      receiving,
      ...(options.input.receivingAddresses !== undefined ? { receivingAddresses: options.input.receivingAddresses } : {}),
      records: records as unknown as Prisma.InputJsonValue,
    },
  });
  return { object: "domain" as const, ...serializeDomain(updated) };
}
