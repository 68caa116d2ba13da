import { getDb } from "@/lib/db/client";
import { auditEntryHash } from "./audit-hash";

export interface ChainProblem {
  accountId: string;
  entryId: string;
  seq: number;
  reason: string;
}

const PAGE = 1000;

/**
 * Walks each account's audit log in seq order and recomputes every hash. The oldest entry kept
 * anchors the chain (older ones are purged after the retention period); after it, a changed
 * field, a changed hash, a removed entry (a gap in seq or a prevHash that is not the previous
 * hash) is reported. Returns the first problem of each account, in account order.
 */
export async function verifyAuditChain(options: { accountId?: string } = {}) {
  const db = getDb();
  const accounts = options.accountId
    ? [options.accountId]
    : (
        await db.auditLogEntry.findMany({
          distinct: ["accountId"],
          select: { accountId: true },
          orderBy: { accountId: "asc" },
        })
      ).map((r) => r.accountId);
  const problems: ChainProblem[] = [];
  let checked = 0;
  for (const accountId of accounts) {
    let previous: { seq: number; hash: string } | null = null;
    let cursor = 0;
    let problem: ChainProblem | null = null;
    while (!problem) {
      const rows = await db.auditLogEntry.findMany({
        where: { accountId, seq: { gt: cursor } },
        orderBy: { seq: "asc" },
        take: PAGE,
      });
      for (const row of rows) {
        checked++;
        const fail = (reason: string) => (problem = { accountId, entryId: row.id, seq: row.seq, reason });
        if (previous && row.seq !== previous.seq + 1) fail(`entry ${previous.seq + 1} is missing (next is ${row.seq})`);
        else if (previous && row.prevHash !== previous.hash) fail("prevHash is not the previous entry's hash");
        else if (auditEntryHash(row.prevHash, row) !== row.hash) fail("the entry's fields do not match its hash (edited)");
        if (problem) break;
        previous = { seq: row.seq, hash: row.hash };
      }
      if (rows.length < PAGE) break;
      cursor = rows[rows.length - 1].seq;
    }
    if (problem) problems.push(problem);
  }
  return { accounts: accounts.length, entries: checked, problems };
}
