import { variableFallbacks } from "@/lib/templates/versions/template-content";
import { now } from "@/lib/clock/clock";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { acceptEmails, type AutomationStep } from "@/lib/emails/accept-emails";
import type { SendEmailBody } from "@/lib/emails/schemas";
import type { JobContext } from "@/lib/jobs/define-job";
import { advanceEnrollment } from "./advance-enrollment";
import { advanceEnrollmentJob } from "./advance-enrollment-job";
import { advanceRuns } from "../journeys/advance-run";
import { sendWindowWait } from "../graph/send-window";
import { endedRunEventType, fanOutRunEvents } from "../fan-out-run-events";
import { advanceStepsSql, readDueStepsSql, type DueStepRow, type StepAdvance } from "./advance-enrollments-sql";
import { advanceDedupeKey } from "./enroll-contact";
import { composeStepEmail } from "./compose-step-email";
import { getDefaultLayouts } from "@/lib/layouts/get-default-layouts";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { parseTestRunContact, testRunUnsubscribeUrl } from "../test-runs/test-run-contact";
import { stepDelayMs } from "../test-runs/test-run-timing";
import { unsubscribeUrl } from "../unsubscribe-token";

interface Ready {
  index: number;
  row: DueStepRow & { stepId: string };
  email: SendEmailBody;
  origin: AutomationStep;
}

/**
 * The automation.enrollment.advance job for a batch of claimed enrollments, set-based:
 * one statement reads every enrollment's due step, one accepts their emails (per account: the
 * one-statement accept of lib/emails, with its credit debit), one moves them on and schedules
 * their next steps. Exactly once per step still rests on the unique (enrollmentId, stepId) of
 * Email: a crash after the accept leaves the jobs to run again, and their step's email is found.
 *
 * Anything off the common path (not due, cancelled contact, a step already sent, no step left,
 * no sender, a template that does not render) and every item of an account whose accept failed
 * (out of credits, an unverified domain, a concurrent run) goes through advanceEnrollment one by
 * one, which has the answer for each case: one item's failure never holds back the others.
 * Returns one entry per item: undefined when done, else the error its job finishes with.
 */
export async function advanceEnrollments(
  items: { enrollmentId: string; ctx?: Pick<JobContext, "attempt" | "maxAttempts"> }[],
): Promise<unknown[]> {
  const results: unknown[] = items.map(() => undefined);
  const rows = new Map((await readDueStepsSql(items.map((i) => i.enrollmentId))).map((r) => [r.id, r]));
  // The accounts' layouts, read once per batch (so a layout edit reaches the next batch).
  const layouts = await getDefaultLayouts([...new Set([...rows.values()].filter((r) => !r.journey).map((r) => r.accountId))]);
  const at = now();
  const slow: number[] = [];
  const journeys: number[] = [];
  const groups = new Map<string, Ready[]>();
  items.forEach((item, index) => {
    const row = rows.get(item.enrollmentId);
    // Missing, no longer active, or not due (another job holds the real time): nothing to do.
    if (!row || row.status !== "active" || !row.nextStepAt || row.nextStepAt.getTime() > at.getTime()) return;
    if (row.journey) return journeys.push(index);
    // An email due outside its automation's send window, or counted by the account's
    // frequency cap (a count per contact), goes the one-by-one path, which waits or sends it.
    const wait = row.capped || sendWindowWait({ ...row, window: row.sendWindow, at }) !== null;
    const ready = wait ? null : prepare(row, index, layouts.get(row.accountId) ?? null);
    if (!ready) return slow.push(index);
    const key = `${row.accountId}:${row.isTest}`;
    const group = groups.get(key);
    if (group) group.push(ready);
    else groups.set(key, [ready]);
  });

  const advances: StepAdvance[] = [];
  for (const group of groups.values()) {
    try {
      await acceptEmails({
        accountId: group[0].row.accountId,
        emails: group.map((r) => r.email),
        source: { kind: group[0].row.isTest ? "test_run" : "automation", steps: group.map((r) => r.origin) },
      });
    } catch {
      // Out of credits for the whole group, say: each goes on its own (some may still fit).
      slow.push(...group.map((r) => r.index));
      continue;
    }
    for (const { row } of group) {
      const dueAt = row.hasNext ? new Date(at.getTime() + stepDelayMs(row.nextDelayMinutes ?? 0, row.isTest)) : null;
      advances.push({
        id: row.id,
        accountId: row.accountId,
        position: row.nextPosition,
        dueAt,
        jobId: dueAt ? newId("job") : null,
        dedupeKey: dueAt ? advanceDedupeKey(row.id, row.nextPosition + 1, dueAt) : null,
      });
    }
  }
  const job = { at, jobName: advanceEnrollmentJob.id, maxAttempts: advanceEnrollmentJob.maxAttempts };
  const moving = advances.filter((a) => a.dueAt);
  if (moving.length) await advanceStepsSql({ ...job, advances: moving });
  // A run that sent its last step completes with its `automation.run.completed` event.
  const ending = advances.filter((a) => !a.dueAt);
  if (ending.length) {
    await getDb().$transaction(async (tx) => {
      const ended = await advanceStepsSql({ ...job, advances: ending, tx });
      await fanOutRunEvents(
        tx,
        ended.map((run) => ({ type: endedRunEventType(run), run })),
        at,
      );
    });
  }

  if (journeys.length) {
    // A journey's runs follow their graph, set-based too; a run whose step threw goes one by one.
    const failed = new Set(await advanceRuns(journeys.map((i) => items[i].enrollmentId)));
    slow.push(...journeys.filter((i) => failed.has(items[i].enrollmentId)));
  }

  for (const index of slow.sort((a, b) => a - b)) {
    const item = items[index];
    try {
      await advanceEnrollment({ enrollmentId: item.enrollmentId }, item.ctx);
    } catch (error) {
      results[index] = error ?? new Error("advance failed");
    }
  }
  return results;
}

/** The email of a row on the common path, or null for the one-by-one path. */
function prepare(row: DueStepRow, index: number, layout: LayoutContent | null): Ready | null {
  if (!row.stepId || row.sentEmailId || !row.from) return null;
  const real = row.isTest ? null : row.contactId ? { id: row.contactId, email: row.contactEmail!, name: row.contactName } : null;
  if (real && (!row.subscribed || row.suppressed)) return null;
  const contact = real ? { ...real, properties: row.contactProperties } : row.isTest ? parseTestRunContact(row.testContact) : null;
  if (!contact) return null;
  const source =
    row.templateId !== null
      ? row.templateSubject === null
        ? null
        : { subject: row.templateSubject, html: row.templateHtml ?? "" }
      : { subject: row.subject ?? "", html: row.bodyHtml ?? "" };
  if (!source) return null;
  const url = real ? unsubscribeUrl({ contactId: real.id, enrollmentId: row.id }) : testRunUnsubscribeUrl();
  let email: SendEmailBody;
  try {
    email = composeStepEmail({
      from: row.from!,
      contact,
      source,
      companyName: row.companyName || row.accountName,
      listName: row.listName,
      event: row.eventProperties,
      unsubscribeUrl: url,
      layout,
      fallbacks: row.templateId !== null ? variableFallbacks(row.templateTypedVariables) : undefined,
    });
  } catch {
    // Past the rendering budget: the one-by-one path fails it for good, as it always did.
    return null;
  }
  return {
    index,
    row: row as Ready["row"],
    email,
    origin: { automationId: row.automationId, enrollmentId: row.id, stepId: row.stepId! },
  };
}
