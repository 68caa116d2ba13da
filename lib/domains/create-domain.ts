import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { encryptSecret } from "@/lib/crypto/encrypt-secret";
import { getDb, type Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/config/env";
import { assertBelowAccountLimit } from "@/lib/accounts/account-limit";
import { newId } from "@/lib/db/ids";
import { buildDomainRecords } from "./build-domain-records";
import { dkimKeyContext, generateDkimKey } from "./generate-dkim-key";
import { RECHECK_FAST_MS } from "./next-check-at";
import type { CreateDomainBody } from "./schemas";
import { serializeDomain } from "./serialize-domain";

function duplicate(domain: string): ApiError {
  return new ApiError("conflict", `${domain} is already a domain of this account`);
}

/**
 * Adds a sending domain: a fresh DKIM key pair (private key encrypted at rest, never
 * returned) and the records to publish. Starts unverified; the first scheduled re-check is
 * five minutes out, when the customer may have added the records.
 */
export async function createDomain(options: { accountId: string; input: CreateDomainBody }) {
  const db = getDb();
  const { domain, receiving = false, receivingAddresses = [] } = options.input;
  const { accountId } = options;
  const existing = await db.domain.findFirst({ where: { accountId, domain }, select: { id: true } });
  if (existing) throw duplicate(domain);
  const limit = (tx: Tx) =>
    assertBelowAccountLimit(tx, {
      accountId,
      max: getEnv().DOMAIN_MAX_PER_ACCOUNT,
      count: () => tx.domain.count({ where: { accountId } }),
      what: "domains",
      remedy: "delete one you no longer send from before adding another",
    });
  // Checked before the key pair too: generating one is the costly part of a create.
  await db.$transaction(limit);

  const key = await generateDkimKey();
  const id = newId("dom");
  const createdAt = now();
  try {
    const record = await db.$transaction(async (tx) => {
      await limit(tx);
      return tx.domain.create({
        data: {
          id,
          accountId: options.accountId,
          domain,
          dkimSelector: key.selector,
          dkimPublicKey: key.publicKey,
          dkimPrivateKeyEnc: encryptSecret(key.privateKeyPem, { context: dkimKeyContext(id) }),
          records: buildDomainRecords({ domain, ...key, receiving }) as unknown as Prisma.InputJsonValue,
          receiving,
          receivingAddresses,
          createdAt,
          nextCheckAt: new Date(createdAt.getTime() + RECHECK_FAST_MS),
        },
      });
    });
    return serializeDomain(record);
  } catch (error) {
    // Two concurrent creates of one name: the unique index lets one through.
    if ((error as { code?: string }).code === "P2002") throw duplicate(domain);
    throw error;
  }
}
