import type { Domain } from "@/lib/generated/prisma/client";
import type { DomainCheck, DomainRecord } from "./types";

/** A Domain row as the default client returns it: the encrypted private key is omitted. */
export type DomainRow = Omit<Domain, "dkimPrivateKeyEnc">;

/**
 * The API shape of a domain (camelCase, as every resource but the email). `lastCheck` (the full diagnosis) is left out
 * of list items to keep pages small; the detail, create and verify responses carry it.
 */
export function serializeDomain(domain: DomainRow, options: { withCheck?: boolean } = {}) {
  return {
    id: domain.id,
    domain: domain.domain,
    status: domain.status,
    verifiedAt: domain.verifiedAt?.toISOString() ?? null,
    createdAt: domain.createdAt.toISOString(),
    records: domain.records as unknown as DomainRecord[],
    lastCheckedAt: domain.lastCheckedAt?.toISOString() ?? null,
    // Resend's shape: sending is always on; receiving at the inbound SMTP port when enabled.
    capabilities: { sending: "enabled" as const, receiving: domain.receiving ? ("enabled" as const) : ("disabled" as const) },
    receivingAddresses: domain.receivingAddresses,
    ...(options.withCheck === false ? {} : { lastCheck: (domain.lastCheck as unknown as DomainCheck | null) ?? null }),
  };
}

export type DomainResponse = ReturnType<typeof serializeDomain>;
