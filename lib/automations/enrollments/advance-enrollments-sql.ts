import type { Tx } from "@/lib/db/client";
import { hotQuery } from "@/lib/db/hot-query";

/** What a batch needs to send an enrollment's due step, read for many enrollments at once. */
export interface DueStepRow {
  id: string;
  accountId: string;
  status: string;
  nextPosition: number;
  nextStepAt: Date | null;
  isTest: boolean;
  listName: string | null;
  eventProperties: Record<string, unknown> | null;
  testContact: unknown;
  automationId: string;
  /** A journey's run: it follows its graph (the one-by-one path). */
  journey: boolean;
  from: string | null;
  accountName: string;
  companyName: string | null;
  contactId: string | null;
  contactEmail: string | null;
  contactName: string | null;
  contactProperties: unknown;
  subscribed: boolean | null;
  suppressed: boolean;
  stepId: string | null;
  templateId: string | null;
  subject: string | null;
  bodyHtml: string | null;
  templateSubject: string | null;
  templateHtml: string | null;
  /** The template's typed variables: their fallback_value fills a variable the contact lacks. */
  templateTypedVariables: unknown;
  /** The step after this one, if any: its delay. */
  nextDelayMinutes: number | null;
  hasNext: boolean;
  /** The email this step already has (a run that died after accepting it). */
  sentEmailId: string | null;
  sendWindow: unknown;
  accountTimezone: string | null;
  /** The account caps this automation's emails per contact (a frequency cap, not transactional). */
  capped: boolean;
}

/**
 * One statement: each enrollment with its contact, whether its address is suppressed, the
 * account's names and sender, its due step (by position, as the single path reads them) with
 * the step's template, the step after it, and the email the step already has, if any.
 */
export function readDueStepsSql(ids: string[]): Promise<DueStepRow[]> {
  return hotQuery<DueStepRow>(
    "engine_read_due_steps",
    `SELECT e.id, e."accountId", e.status::text AS status, e."nextPosition", e."nextStepAt", e."isTest", e."listName",
       e."eventProperties", e."testContact", e."automationId", a.graph IS NOT NULL AS journey, COALESCE(a."from", acc."defaultFrom") AS "from",
       acc.name AS "accountName", acc."companyName", a."sendWindow", acc.timezone AS "accountTimezone",
       acc."frequencyCap" IS NOT NULL AND NOT a.transactional AS capped,
       c.id AS "contactId", c.email AS "contactEmail", c.name AS "contactName", c.properties AS "contactProperties", c.subscribed,
       EXISTS (SELECT 1 FROM "Suppression" s WHERE s."accountId" = e."accountId" AND s.email = c.email) AS suppressed,
       st.id AS "stepId", st."templateId", st.subject, st."bodyHtml", t.subject AS "templateSubject", t."htmlBody" AS "templateHtml",
       t."typedVariables" AS "templateTypedVariables",
       nx."delayMinutes" AS "nextDelayMinutes", nx.id IS NOT NULL AS "hasNext",
       (SELECT m.id FROM "Email" m WHERE m."enrollmentId" = e.id AND m."stepId" = st.id) AS "sentEmailId"
     FROM unnest($1::text[]) AS i(id)
     JOIN "Enrollment" e ON e.id = i.id
     JOIN "Automation" a ON a.id = e."automationId"
     JOIN "Account" acc ON acc.id = e."accountId"
     LEFT JOIN "Contact" c ON c.id = e."contactId"
     LEFT JOIN LATERAL (
       SELECT s.id, s."templateId", s.subject, s."bodyHtml" FROM "AutomationStep" s
       WHERE s."automationId" = e."automationId" ORDER BY s.position, s."createdAt" OFFSET e."nextPosition" LIMIT 1) st ON true
     LEFT JOIN "Template" t ON t.id = st."templateId"
     LEFT JOIN LATERAL (
       SELECT s.id, s."delayMinutes" FROM "AutomationStep" s
       WHERE s."automationId" = e."automationId" ORDER BY s.position, s."createdAt" OFFSET e."nextPosition" + 1 LIMIT 1) nx ON true`,
    [ids],
  );
}

export interface StepAdvance {
  id: string;
  accountId: string;
  /** The position just sent. */
  position: number;
  /** When the next step is due; null completes the enrollment. */
  dueAt: Date | null;
  /** The next step's advance job (when dueAt is set). */
  jobId: string | null;
  dedupeKey: string | null;
}

/**
 * One statement: moves each enrollment past the position it just sent (if it is still there
 * and active), to its next step with that step's advance job (the same dedupe key as
 * scheduleAdvance), or to completed. Returns the enrollments it moved, as they are now. In `tx`
 * when given (a completion announced in the same transaction), else a prepared statement of its own.
 */
export async function advanceStepsSql(p: {
  advances: StepAdvance[];
  at: Date;
  jobName: string;
  maxAttempts: number;
  tx?: Tx;
}): Promise<MovedEnrollment[]> {
  const text = `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS x(id text, "accountId" text, position int, "dueAt" timestamp(3), "jobId" text, "dedupeKey" text)
     ),
     moved AS (
       UPDATE "Enrollment" e SET
         "nextPosition" = CASE WHEN i."dueAt" IS NULL THEN e."nextPosition" ELSE i.position + 1 END,
         status = CASE WHEN i."dueAt" IS NULL THEN 'completed'::"EnrollmentStatus" ELSE e.status END,
         "completedAt" = CASE WHEN i."dueAt" IS NULL THEN $2::timestamp(3) ELSE e."completedAt" END,
         "nextStepAt" = i."dueAt", "lastError" = NULL, "waitingForCreditsSince" = NULL, "updatedAt" = $2::timestamp(3)
       FROM input i
       WHERE e.id = i.id AND e.status = 'active' AND e."nextPosition" = i.position
       RETURNING e.id, e."accountId", e."automationId", e."contactId", e.status::text AS status, e.outcome, e."enrolledAt",
         e."completedAt", e."isTest"
     ),
     jobs AS (
       INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "dedupeKey", "createdAt", "updatedAt")
       SELECT i."jobId", $3, i."accountId", jsonb_build_object('enrollmentId', i.id), i."dueAt", $4::int, i."dedupeKey",
         $2::timestamp(3), $2::timestamp(3)
       FROM input i JOIN moved m ON m.id = i.id
       WHERE i."dueAt" IS NOT NULL
       ON CONFLICT ("dedupeKey") DO NOTHING
       RETURNING 1
     )
     SELECT * FROM moved`;
  const values = [JSON.stringify(p.advances), p.at, p.jobName, p.maxAttempts];
  return p.tx ? p.tx.$queryRawUnsafe<MovedEnrollment[]>(text, ...values) : hotQuery<MovedEnrollment>("engine_advance_steps", text, values);
}

export interface MovedEnrollment {
  id: string;
  accountId: string;
  automationId: string;
  contactId: string | null;
  status: "active" | "completed";
  outcome: string | null;
  enrolledAt: Date;
  completedAt: Date | null;
  isTest: boolean;
}
