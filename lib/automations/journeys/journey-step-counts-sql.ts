import type { Db } from "@/lib/db/client";

// The counts a journey's live view shows, read from its runs (test runs left out, as in
// analytics): where the active runs wait, how many passed each step, and which path each
// branching step sent them down (its recorded output: a condition's result, a split's
// variant, a wait's event or timeout), and of those the runs that went on to meet the goal
// (outcome converted): the same scan, counted once more under a filter.

export interface StepCountRow {
  key: string;
  passed: number;
  met: number;
  notMet: number;
  received: number;
  timedOut: number;
  metConverted: number;
  notMetConverted: number;
  receivedConverted: number;
  timedOutConverted: number;
}

export function stepCountsSql(db: Db, p: { accountId: string; automationId: string }): Promise<StepCountRow[]> {
  return db.$queryRaw<StepCountRow[]>`
    SELECT s.key,
      count(*) FILTER (WHERE s.status = 'completed')::int AS passed,
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'condition' AND s.output->>'result' = 'true')::int AS met,
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'condition' AND s.output->>'result' = 'false')::int AS "notMet",
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'wait_for_event' AND s.output ? 'event')::int AS received,
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'wait_for_event' AND s.output ? 'timedOut')::int AS "timedOut",
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'condition' AND s.output->>'result' = 'true'
        AND e.outcome = 'converted')::int AS "metConverted",
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'condition' AND s.output->>'result' = 'false'
        AND e.outcome = 'converted')::int AS "notMetConverted",
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'wait_for_event' AND s.output ? 'event'
        AND e.outcome = 'converted')::int AS "receivedConverted",
      count(*) FILTER (WHERE s.status = 'completed' AND s.type = 'wait_for_event' AND s.output ? 'timedOut'
        AND e.outcome = 'converted')::int AS "timedOutConverted"
    FROM "Enrollment" e
    JOIN "EnrollmentStep" s ON s."enrollmentId" = e.id
    WHERE e."automationId" = ${p.automationId} AND e."accountId" = ${p.accountId} AND NOT e."isTest"
    GROUP BY s.key`;
}

export function variantCountsSql(db: Db, p: { accountId: string; automationId: string }) {
  return db.$queryRaw<{ key: string; variant: string; runs: number; converted: number }[]>`
    SELECT s.key, s.output->>'variant' AS variant, count(*)::int AS runs,
      count(*) FILTER (WHERE e.outcome = 'converted')::int AS converted
    FROM "Enrollment" e
    JOIN "EnrollmentStep" s ON s."enrollmentId" = e.id
    WHERE e."automationId" = ${p.automationId} AND e."accountId" = ${p.accountId} AND NOT e."isTest"
      AND s.type = 'split' AND s.status = 'completed'
    GROUP BY s.key, s.output->>'variant'`;
}

export function waitingCountsSql(db: Db, p: { accountId: string; automationId: string }) {
  return db.$queryRaw<{ key: string; runs: number }[]>`
    SELECT "stepKey" AS key, count(*)::int AS runs
    FROM "Enrollment"
    WHERE "automationId" = ${p.automationId} AND "accountId" = ${p.accountId} AND status = 'active' AND NOT "isTest"
      AND "stepKey" IS NOT NULL
    GROUP BY "stepKey"`;
}

export async function runTotalsSql(db: Db, p: { accountId: string; automationId: string }) {
  const rows = await db.$queryRaw<{ total: number; active: number; converted: number }[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE status = 'active')::int AS active,
      count(*) FILTER (WHERE outcome = 'converted')::int AS converted
    FROM "Enrollment"
    WHERE "automationId" = ${p.automationId} AND "accountId" = ${p.accountId} AND NOT "isTest"`;
  return rows[0] ?? { total: 0, active: 0, converted: 0 };
}
