import { decryptSecret } from "@/lib/crypto/decrypt-secret";
import { getDb } from "@/lib/db/client";
import { dkimKeyContext } from "./generate-dkim-key";
import { normalizeDomainName } from "./normalize-domain-name";

export interface DkimSigningKey {
  /** The signing domain (d=). */
  domain: string;
  /** The selector (s=); the public key is published at `<selector>._domainkey.<domain>`. */
  selector: string;
  /** PKCS#8 PEM, decrypted; keep it in memory only. */
  privateKeyPem: string;
}

/**
 * The DKIM key the sending pipeline signs with, for a domain of the account (by name, as it
 * appears in the From address, or by id). Null when the account has no such domain; whether it
 * is verified is the caller's check (the send path answers 403 domain_not_verified first).
 */
export async function getSigningKey(
  options: { accountId: string } & ({ domain: string } | { domainId: string }),
): Promise<DkimSigningKey | null> {
  const where: { accountId: string; id?: string; domain?: string } = { accountId: options.accountId };
  if ("domainId" in options) {
    where.id = options.domainId;
  } else {
    // The From address's domain may arrive in any case, or as an IDN: compare canonical forms.
    const name = normalizeDomainName(options.domain);
    if (!name.ok) return null;
    where.domain = name.domain;
  }
  const row = await getDb().domain.findFirst({
    where,
    select: { id: true, domain: true, dkimSelector: true, dkimPrivateKeyEnc: true },
  });
  return row ? signingKeyFromRow(row) : null;
}

/** The columns `signingKeyFromRow` needs, for a caller that reads the domain with other rows. */
export const signingKeyColumns = { id: true, accountId: true, domain: true, dkimSelector: true, dkimPrivateKeyEnc: true } as const;

/** The signing key of a domain row read with `signingKeyColumns`. */
export function signingKeyFromRow(row: { id: string; domain: string; dkimSelector: string; dkimPrivateKeyEnc: string }): DkimSigningKey {
  return {
    domain: row.domain,
    selector: row.dkimSelector,
    privateKeyPem: decryptSecret(row.dkimPrivateKeyEnc, { context: dkimKeyContext(row.id) }),
  };
}
