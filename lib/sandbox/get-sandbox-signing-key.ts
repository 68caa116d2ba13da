import { encryptSecret } from "@/lib/crypto/encrypt-secret";
import { getDb } from "@/lib/db/client";
import { generateDkimKey } from "@/lib/domains/generate-dkim-key";
import { cachedSigningKey, type DkimSigningKey } from "@/lib/domains/get-signing-key";
import { sandboxAddress } from "./sandbox-address";

interface StoredSandboxKey {
  selector: string;
  publicKey: string;
  privateKeyEnc: string;
}

const stateKey = (domain: string) => `sandbox-dkim:${domain}`;
const keyContext = (domain: string) => `system:sandbox-dkim:${domain}`;

/**
 * The service's own DKIM key for the sandbox sender's domain, generated once and kept in
 * SystemState (private key encrypted at rest). Concurrent first calls agree: the first insert
 * wins and everyone reads it back.
 */
export async function getSandboxSigningKey(): Promise<DkimSigningKey & { publicKey: string }> {
  const { domain } = sandboxAddress();
  const db = getDb();
  let row = await db.systemState.findUnique({ where: { key: stateKey(domain) } });
  if (!row) {
    const key = await generateDkimKey();
    const value: StoredSandboxKey = {
      selector: key.selector,
      publicKey: key.publicKey,
      privateKeyEnc: encryptSecret(key.privateKeyPem, { context: keyContext(domain) }),
    };
    await db.$executeRaw`
      INSERT INTO "SystemState" ("key", "value", "updatedAt")
      VALUES (${stateKey(domain)}, ${JSON.stringify(value)}::jsonb, now())
      ON CONFLICT ("key") DO NOTHING`;
    row = await db.systemState.findUniqueOrThrow({ where: { key: stateKey(domain) } });
  }
  const value = row.value as unknown as StoredSandboxKey;
  const key = cachedSigningKey({ domain, selector: value.selector, privateKeyEnc: value.privateKeyEnc, context: keyContext(domain) });
  return { ...key, publicKey: value.publicKey };
}
