import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

/**
 * Runs `work` in a transaction with sequential scans priced out, and returns how many times it
 * read each of `tables` sequentially (pg_stat_xact_user_tables counts this transaction's scans,
 * those of its triggers and foreign-key actions included). A plan that has no index to use
 * still reads the table whole, so a nonzero count means a lookup no index serves: on a real
 * database, a read of every account's rows.
 */
export async function seqScansDuring(tables: string[], work: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  return getDb().$transaction(async (tx) => {
    const counts = async () => {
      const rows = await tx.$queryRaw<{ relname: string; n: number }[]>`
        SELECT relname, seq_scan::int AS n FROM pg_stat_xact_user_tables WHERE relname = ANY(${tables})`;
      return new Map(rows.map((r) => [r.relname, r.n]));
    };
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    const before = await counts();
    await work(tx);
    const after = await counts();
    return Object.fromEntries(tables.map((t) => [t, (after.get(t) ?? 0) - (before.get(t) ?? 0)]));
  });
}
