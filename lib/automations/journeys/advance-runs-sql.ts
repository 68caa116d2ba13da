import type { Tx } from "@/lib/db/client";
import type { RunPlan } from "./plan-run";

/** The advance job's dedupe key for a journey run: one job per run, step and due time. */
export const runAdvanceDedupeKey = (runId: string, stepKey: string, dueAt: Date) => `automation.run:${runId}:${stepKey}:${dueAt.getTime()}`;

/**
 * One statement: moves each planned run that is still where its plan found it (same step,
 * due time and waited event, still active) to its new state, writes the records of the steps
 * it passed, completes the record of the delay or wait it resumed from, and schedules its next
 * advance (one job per run, step and due time). Returns the ids it moved.
 */
export async function applyRunPlansSql(
  tx: Tx,
  p: { plans: RunPlan[]; at: Date; jobName: string; maxAttempts: number; newId: (prefix: "rst" | "job") => string },
): Promise<string[]> {
  const input = p.plans.map((plan) => ({
    id: plan.id,
    accountId: plan.accountId,
    expectKey: plan.expect.stepKey,
    expectAt: plan.expect.nextStepAt,
    expectEvent: plan.expect.waitingEvent,
    stepKey: plan.key,
    status: plan.end?.status ?? "active",
    outcome: plan.end?.outcome ?? null,
    lastError: plan.end?.error ?? null,
    nextStepAt: plan.rest?.until ?? null,
    waitingEvent: plan.rest?.event ?? null,
    variants: plan.variants,
    resumedKey: plan.resumed?.key ?? null,
    resumedOutput: plan.resumed?.output ?? null,
    jobId: plan.rest ? p.newId("job") : null,
    dedupeKey: plan.rest ? runAdvanceDedupeKey(plan.id, plan.rest.key, plan.rest.until) : null,
  }));
  const records = p.plans.flatMap((plan) =>
    plan.records.map((r, i) => ({
      id: p.newId("rst"),
      enrollmentId: plan.id,
      key: r.key,
      type: r.type,
      status: r.status,
      output: r.output,
      completed: r.status === "completed",
      // Distinct times keep a run's steps in the order they were passed.
      createdAt: new Date(p.at.getTime() + i),
    })),
  );
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, "accountId" text, "expectKey" text, "expectAt" timestamp(3),
         "expectEvent" text, "stepKey" text, status text, outcome text, "lastError" text, "nextStepAt" timestamp(3),
         "waitingEvent" text, variants jsonb, "resumedKey" text, "resumedOutput" jsonb, "jobId" text, "dedupeKey" text)
     ),
     moved AS (
       UPDATE "Enrollment" e SET
         "stepKey" = i."stepKey", status = i.status::"EnrollmentStatus", outcome = i.outcome, "lastError" = i."lastError",
         "nextStepAt" = i."nextStepAt", "waitingEvent" = i."waitingEvent", variants = i.variants,
         "completedAt" = CASE WHEN i.status = 'active' THEN e."completedAt" ELSE $2::timestamp(3) END,
         "waitingForCreditsSince" = NULL, "updatedAt" = $2::timestamp(3)
       FROM input i
       WHERE e.id = i.id AND e.status = 'active' AND e."stepKey" IS NOT DISTINCT FROM i."expectKey"
         AND e."nextStepAt" = i."expectAt" AND e."waitingEvent" IS NOT DISTINCT FROM i."expectEvent"
       RETURNING e.id
     ),
     resumed AS (
       UPDATE "EnrollmentStep" s SET status = 'completed', output = i."resumedOutput", "completedAt" = $2::timestamp(3)
       FROM input i JOIN moved m ON m.id = i.id
       WHERE s."enrollmentId" = i.id AND s.key = i."resumedKey" AND s.status = 'waiting'
       RETURNING 1
     ),
     records AS (
       INSERT INTO "EnrollmentStep" (id, "enrollmentId", key, type, status, output, "startedAt", "completedAt", "createdAt")
       SELECT r.id, r."enrollmentId", r.key, r.type, r.status, r.output, $2::timestamp(3),
         CASE WHEN r.completed THEN $2::timestamp(3) END, r."createdAt"
       FROM jsonb_to_recordset($3::jsonb) AS r(id text, "enrollmentId" text, key text, type text, status text, output jsonb,
         completed boolean, "createdAt" timestamp(3))
       JOIN moved m ON m.id = r."enrollmentId"
       RETURNING 1
     ),
     jobs AS (
       INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "dedupeKey", "createdAt", "updatedAt")
       SELECT i."jobId", $4, i."accountId", jsonb_build_object('enrollmentId', i.id), i."nextStepAt", $5::int, i."dedupeKey",
         $2::timestamp(3), $2::timestamp(3)
       FROM input i JOIN moved m ON m.id = i.id
       WHERE i."jobId" IS NOT NULL
       ON CONFLICT ("dedupeKey") DO NOTHING
       RETURNING 1
     )
     SELECT id FROM moved`,
    JSON.stringify(input),
    p.at,
    JSON.stringify(records),
    p.jobName,
    p.maxAttempts,
  );
  return rows.map((r) => r.id);
}
