import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { REQUEST_LOG_RETENTION_DAYS } from "@/lib/request-logs/schemas";
import { AUDIT_LOG_RETENTION_DAYS } from "@/lib/audit-log/schemas";

export const FINISHED_JOB_RETENTION_DAYS = 7;
/** Automation test runs are kept this long after they finish, for their page and emails. */
export const TEST_RUN_RETENTION_DAYS = 30;

export interface PurgeResult {
  idempotencyKeys: number;
  jobs: number;
  testRuns: number;
  requestLogs: number;
  auditLogEntries: number;
}

// Small batches: one huge DELETE would hold locks (and, embedded, the single session) for long.
async function deleteInBatches(run: (limit: number) => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await run(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * Deletes idempotency keys past their expiry, finished (completed or failed) jobs older than
 * their retention, finished automation test runs older than theirs, with their emails, and API
 * request logs older than 14 days, and audit log entries older than 365 days (the oldest entry
 * kept anchors the account's hash chain).
 * Safe to run any number of times, concurrently too.
 */
export async function purgeExpiredRows(
  options: {
    at?: Date;
    jobRetentionDays?: number;
    testRunRetentionDays?: number;
    requestLogRetentionDays?: number;
    auditLogRetentionDays?: number;
    batchSize?: number;
  } = {},
): Promise<PurgeResult> {
  const db = getDb();
  const at = options.at ?? now();
  const batchSize = options.batchSize ?? 1000;
  const cutoff = new Date(at.getTime() - (options.jobRetentionDays ?? FINISHED_JOB_RETENTION_DAYS) * 86_400_000);

  const idempotencyKeys = await deleteInBatches(
    (limit) => db.$executeRaw`
      DELETE FROM "IdempotencyKey" WHERE "id" IN (
        SELECT "id" FROM "IdempotencyKey" WHERE "expiresAt" < ${at} LIMIT ${limit})`,
    batchSize,
  );
  const jobs = await deleteInBatches(
    (limit) => db.$executeRaw`
      DELETE FROM "Job" WHERE "id" IN (
        SELECT "id" FROM "Job"
        WHERE ("status" = 'completed' AND COALESCE("completedAt", "updatedAt") < ${cutoff})
           OR ("status" = 'failed' AND "updatedAt" < ${cutoff})
        LIMIT ${limit})`,
    batchSize,
  );
  const testRunCutoff = new Date(at.getTime() - (options.testRunRetentionDays ?? TEST_RUN_RETENTION_DAYS) * 86_400_000);
  // A test run's emails (isTest, found by their enrollment) and their dev inbox copies go in the
  // same statement as the run; their recipients and events follow by cascade. A running one is
  // never touched.
  const testRuns = await deleteInBatches(
    (limit) => db.$executeRaw`
      WITH old AS (
        SELECT "id" FROM "Enrollment"
        WHERE "isTest" AND "status" <> 'active' AND COALESCE("completedAt", "updatedAt") < ${testRunCutoff}
        LIMIT ${limit}
      ), emails AS (
        DELETE FROM "Email" WHERE "isTest" AND "enrollmentId" IN (SELECT "id" FROM old) RETURNING "id"
      ), inbox AS (
        DELETE FROM "InboxMessage" WHERE "emailId" IN (SELECT "id" FROM emails)
      )
      DELETE FROM "Enrollment" WHERE "id" IN (SELECT "id" FROM old)`,
    batchSize,
  );
  const logCutoff = new Date(at.getTime() - (options.requestLogRetentionDays ?? REQUEST_LOG_RETENTION_DAYS) * 86_400_000);
  const requestLogs = await deleteInBatches(
    (limit) => db.$executeRaw`
      DELETE FROM "RequestLog" WHERE "id" IN (
        SELECT "id" FROM "RequestLog" WHERE "createdAt" < ${logCutoff} LIMIT ${limit})`,
    batchSize,
  );
  const auditCutoff = new Date(at.getTime() - (options.auditLogRetentionDays ?? AUDIT_LOG_RETENTION_DAYS) * 86_400_000);
  const auditLogEntries = await deleteInBatches(
    (limit) => db.$executeRaw`
      DELETE FROM "AuditLogEntry" WHERE "id" IN (
        SELECT "id" FROM "AuditLogEntry" WHERE "createdAt" < ${auditCutoff} LIMIT ${limit})`,
    batchSize,
  );
  return { idempotencyKeys, jobs, testRuns, requestLogs, auditLogEntries };
}
