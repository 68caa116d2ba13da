import { hostname } from "node:os";
import { randomBase62 } from "@/lib/db/ids";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import type { Job } from "@/lib/generated/prisma/client";
import { anyDueJobsSql, claimDueJobsSql } from "./claim-due-jobs-sql";

/** Identifies one worker process in lockedBy, so a stale worker can tell it lost a row. */
export function newWorkerId(prefix = "poller"): string {
  return `${prefix}:${hostname()}:${process.pid}:${randomBase62(6)}`;
}

export interface ClaimOptions {
  workerId: string;
  lockSeconds: number;
  /** Only rows of these job names: a worker never takes work it has no handler for. */
  names: readonly string[];
  /** Rows this process runs now, whose locks may have lapsed while the database was away: not taken again. */
  held?: ReadonlySet<string>;
}

/**
 * Takes up to `limit` due rows: pending and due, or running with an expired lock (its worker
 * died), shared fairly between accounts (see claimDueJobsSql). One statement, so a worker
 * killed mid-claim leaves no transaction open.
 */
export async function claimDueJobs(options: ClaimOptions & { limit: number; graceMs?: number }): Promise<Job[]> {
  if (options.limit < 1 || !options.names.length) return [];
  const at = now();
  const rows = await claimDueJobsSql({
    names: [...options.names],
    workerId: options.workerId,
    limit: options.limit,
    at,
    dueBy: new Date(at.getTime() - (options.graceMs ?? 0)),
    lockedUntil: new Date(at.getTime() + options.lockSeconds * 1000),
    held: [...(options.held ?? [])],
  });
  // Ids are time-ordered: equal due times run in the order they were enqueued.
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Whether claimDueJobs could take any row now (see anyDueJobsSql): a poller asks this instead
 * of claiming a job whose last claim came back empty, so an idle job costs a probe, not a claim.
 */
export async function anyDueJobs(options: { names: readonly string[]; graceMs?: number; held?: ReadonlySet<string> }): Promise<boolean> {
  if (!options.names.length) return false;
  const at = now();
  return anyDueJobsSql({
    names: [...options.names],
    at,
    dueBy: new Date(at.getTime() - (options.graceMs ?? 0)),
    held: [...(options.held ?? [])],
  });
}

/**
 * Takes one row by id whatever its runAt (Inngest already decided it is time), unless it is
 * finished or another worker holds a live lock. Null when it cannot be taken.
 */
export async function claimJobById(id: string, options: Omit<ClaimOptions, "names">): Promise<Job | null> {
  const at = now();
  const lockedUntil = new Date(at.getTime() + options.lockSeconds * 1000);
  const rows = await getDb().$queryRaw<Job[]>`
    UPDATE "Job" SET
      "status" = 'running', "lockedBy" = ${options.workerId}, "lockedUntil" = ${lockedUntil},
      "attempts" = "attempts" + 1, "updatedAt" = ${at}
    WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE "id" = ${id}
        AND ("status" = 'pending' OR ("status" = 'running' AND "lockedUntil" < ${at}))
      FOR UPDATE SKIP LOCKED)
    RETURNING *`;
  return rows[0] ?? null;
}

/** Pushes a running row's lock forward while its handler works; false once the row is lost. */
export async function extendJobLock(id: string, workerId: string, lockSeconds: number): Promise<boolean> {
  const lockedUntil = new Date(now().getTime() + lockSeconds * 1000);
  const count = await getDb().$executeRaw`
    UPDATE "Job" SET "lockedUntil" = ${lockedUntil}
    WHERE "id" = ${id} AND "lockedBy" = ${workerId} AND "status" = 'running'`;
  return count > 0;
}
