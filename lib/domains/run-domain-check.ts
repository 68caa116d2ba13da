import { notFound } from "@/lib/api/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb, type Tx } from "@/lib/db/client";
import { checkDomainDns } from "./check-domain-dns";
import { fillDefaultSender } from "./fill-default-sender";
import { domainVerificationState, fanOutDomainUpdated } from "./fan-out-domain-event";
import { createDnsLookup, type DnsLookup } from "./create-dns-lookup";
import { claimedElsewhere, decideDomainHolder, type CheckTrigger } from "./decide-domain-holder";
import { lockDomainCopies } from "./lock-domain-copies-sql";
import { nextCheckAt } from "./next-check-at";
import type { DomainRow } from "./serialize-domain";
import { RECORD_KEY_BY_PURPOSE } from "./dns-names";
import type { DnsProblem, DomainCheck, DomainRecord } from "./types";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";

// A concurrent check of the same name changed who holds it between our read and our lock (or
// the unique index refused a second verified copy): read again and decide again.
class HolderChanged extends Error {}
const MAX_ATTEMPTS = 3;

const checkOf = (row: DomainRow, lookup: DnsLookup, now: Date) =>
  checkDomainDns({ domain: row.domain, selector: row.dkimSelector, publicKey: row.dkimPublicKey, now, lookup, receiving: row.receiving });

/**
 * Checks a domain's DNS now and stores the outcome: the diagnosis, each record's status, and
 * when to look again. Who holds the name is decided by decideDomainHolder: at most
 * one account holds a name verified, which the partial unique index on verified names enforces
 * under any concurrency. For the holder, verification is one-way: a later failing check (a
 * record removed) only shows up in the diagnosis, because unverifying would silently stop a
 * customer's mail over what may be a passing DNS outage; the only way out is another account
 * proving control with its own DKIM record. A check that changes a copy's verification state
 * (verified, failed) sends `domain.updated` to its account's webhooks in the same transaction.
 */
export async function runDomainCheck(options: {
  domain: DomainRow;
  now: Date;
  lookup?: DnsLookup;
  /** An explicit POST verify, or the scheduled re-check (they differ only in a tie; see decideDomainHolder). */
  trigger?: CheckTrigger;
}): Promise<{ domain: DomainRow; check: DomainCheck }> {
  const { domain, now } = options;
  const lookup = options.lookup ?? createDnsLookup();
  const check = await checkOf(domain, lookup, now);
  for (let attempt = 1; ; attempt++) {
    try {
      return await settle({ domain, now, lookup, check, trigger: options.trigger ?? "recheck" });
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && (error instanceof HolderChanged || isContention(error))) continue;
      throw error;
    }
  }
}

async function settle(options: { domain: DomainRow; now: Date; lookup: DnsLookup; check: DomainCheck; trigger: CheckTrigger }) {
  const { domain, now, check } = options;
  const db = getDb();
  const holder = await db.domain.findFirst({ where: { domain: domain.domain, status: "verified", id: { not: domain.id } } });
  // The holder's own DKIM record matters only when this copy could take the name; its fresh
  // diagnosis becomes its last check if it loses the name.
  const holderCheck = holder && check.verified && check.dns.dkim ? await checkOf(holder, options.lookup, now) : null;

  return db.$transaction(async (tx) => {
    const locked = await lockDomainCopies(tx, { id: domain.id, domain: domain.domain });
    const self = locked.find((row) => row.id === domain.id);
    if (!self) throw notFound("domain"); // deleted meanwhile
    const current = locked.find((row) => row.id !== domain.id && row.status === "verified");
    if ((current?.id ?? null) !== (holder?.id ?? null)) throw new HolderChanged();

    const previous = (domain.lastCheck as unknown as DomainCheck | null)?.problems ?? [];
    const decision = decideDomainHolder({
      domain: domain.domain,
      check,
      holds: self.status === "verified",
      holder: holder ? { dkimPublished: holderCheck?.dns.dkim ?? false } : null,
      trigger: options.trigger,
      displaced: previous.some((p) => p.code === "domain_claimed_elsewhere"),
    });
    if (decision.takeOver && holder && holderCheck) {
      const displaced = await store(tx, holder, {
        status: "unverified",
        verifiedAt: null,
        check: holderCheck,
        problem: claimedElsewhere(holder.domain),
        now,
      });
      await fanOutDomainUpdated(tx, { before: domainVerificationState(current!), domain: displaced, at: now });
      await auditDomainState(tx, {
        domain: displaced,
        before: "verified",
        action: "domain.lost",
        reason: "another account proved control of the name",
      });
    }
    const verified = decision.status === "verified";
    const updated = await store(tx, domain, {
      status: decision.status,
      verifiedAt: verified ? (self.verifiedAt ? new Date(self.verifiedAt) : now) : null,
      check,
      problem: decision.problem,
      now,
    });
    if (verified && self.status !== "verified") await fillDefaultSender(tx, { accountId: domain.accountId, domain: domain.domain });
    await fanOutDomainUpdated(tx, { before: domainVerificationState(self), domain: updated, at: now });
    // An explicit verify is audited as its request (its member or key); the scheduled check is the system's.
    if (options.trigger === "recheck" && updated.status !== self.status) {
      await auditDomainState(tx, {
        domain: updated,
        before: self.status,
        action: verified ? "domain.verified" : "domain.verification_failed",
      });
    }
    return { domain: updated, check: updated.lastCheck as unknown as DomainCheck };
  });
}

/** The audit log's entry for a verification state the service changed by itself, in the change's transaction. */
function auditDomainState(tx: Tx, o: { domain: DomainRow; before: string; action: string; reason?: string }) {
  return appendAuditEntry(
    {
      accountId: o.domain.accountId,
      actor: { type: "system", id: "domain-check", label: "scheduled DNS check" },
      action: o.action,
      target: { type: "domain", id: o.domain.id },
      summary: {
        name: o.domain.domain,
        before: { status: o.before },
        after: { status: o.domain.status },
        ...(o.reason ? { reason: o.reason } : {}),
      },
    },
    tx,
  );
}

/** Writes a copy's state and last check; an ownership problem fails the check and makes DKIM required. */
function store(
  tx: Tx,
  row: DomainRow,
  state: { status: "verified" | "unverified"; verifiedAt: Date | null; check: DomainCheck; problem: DnsProblem | null; now: Date },
) {
  const { check, problem, now } = state;
  const lastCheck: DomainCheck = problem ? { ...check, verified: false, problems: [problem, ...check.problems] } : check;
  const records = (row.records as unknown as DomainRecord[]).map((record) => {
    const key = RECORD_KEY_BY_PURPOSE[record.purpose];
    const status = check.records[key]?.status ?? record.status;
    return { ...record, status, required: key === "dkim" ? problem !== null : record.required };
  });
  return tx.domain.update({
    where: { id: row.id },
    data: {
      status: state.status,
      verifiedAt: state.verifiedAt,
      records: records as unknown as Prisma.InputJsonValue,
      lastCheck: lastCheck as unknown as Prisma.InputJsonValue,
      lastCheckedAt: now,
      nextCheckAt: nextCheckAt({ verified: state.status === "verified", createdAt: row.createdAt, now }),
    },
  });
}

/** A second verified copy refused by the unique index, or a deadlock: both resolve on a retry. */
function isContention(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002" || error.code === "P2034") return true;
  const meta = error.meta as { code?: string; driverAdapterError?: { cause?: { originalCode?: string } } } | undefined;
  const state = meta?.driverAdapterError?.cause?.originalCode ?? meta?.code;
  return state === "23505" || state === "40P01" || state === "40001";
}
