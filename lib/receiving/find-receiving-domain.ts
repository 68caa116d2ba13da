import { getDb } from "@/lib/db/client";
import { isLocalMode } from "@/lib/config/local-mode";

export interface ReceivingDomain {
  id: string;
  accountId: string;
  domain: string;
}

export type RecipientCheck = { ok: true; domain: ReceivingDomain } | { ok: false; code: 550; text: string };

interface Holder {
  id: string;
  accountId: string;
  domain: string;
  receiving: boolean;
  receivingAddresses: string[];
}

/**
 * How long a domain's lookup is reused: every RCPT TO of a busy sender would otherwise cost a
 * query, and a change to a domain (receiving turned on or off, its addresses) reaches the
 * inbound server within this time.
 */
const HOLDER_TTL_MS = 2000;
/** Domain names whose lookup is kept at most (past it the cache starts over). */
const HOLDER_CACHE_SIZE = 10_000;
const holders = new Map<string, { at: number; holder: Promise<Holder | null> }>();

/**
 * Which account receives mail for `address`: the account holding its domain verified with
 * receiving on. In local mode (mail cannot leave the machine) an account's unverified domain
 * receives too, unless another account holds the name verified, as with the sender rule; of
 * several such accounts the first to add the domain receives. A domain with an address list
 * receives only those local parts; without one it is a catch-all.
 */
export async function findReceivingDomain(address: string): Promise<RecipientCheck> {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at).toLowerCase();
  const name = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  if (at < 1 || !name) return { ok: false, code: 550, text: "5.1.3 not a valid recipient address" };
  const holder = await holderOf(name);
  if (!holder?.receiving) {
    return { ok: false, code: 550, text: `5.7.1 relaying denied: ${name} does not receive mail here` };
  }
  if (holder.receivingAddresses.length && !holder.receivingAddresses.includes(local)) {
    return { ok: false, code: 550, text: `5.1.1 ${address}: no such mailbox here` };
  }
  return { ok: true, domain: { id: holder.id, accountId: holder.accountId, domain: holder.domain } };
}

function holderOf(name: string): Promise<Holder | null> {
  const now = performance.now();
  const cached = holders.get(name);
  if (cached && now - cached.at < HOLDER_TTL_MS) return cached.holder;
  if (holders.size >= HOLDER_CACHE_SIZE) holders.clear();
  const holder = lookUpHolder(name);
  holders.set(name, { at: now, holder });
  // A failed lookup is not kept.
  holder.catch(() => holders.delete(name));
  return holder;
}

async function lookUpHolder(name: string): Promise<Holder | null> {
  const rows = await getDb().domain.findMany({
    where: { domain: name, ...(isLocalMode() ? {} : { status: "verified" }) },
    select: { id: true, accountId: true, domain: true, status: true, receiving: true, receivingAddresses: true },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  const holder = rows.find((row) => row.status === "verified") ?? rows[0];
  return holder
    ? {
        id: holder.id,
        accountId: holder.accountId,
        domain: holder.domain,
        receiving: holder.receiving,
        receivingAddresses: holder.receivingAddresses,
      }
    : null;
}
