import { variableFallbacks } from "@/lib/templates/versions/template-content";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { acceptEmails } from "@/lib/emails/accept-emails";
import type { JobContext } from "@/lib/jobs/define-job";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { TemplateTooComplexError } from "@/lib/templates/render";
import { scheduleAdvance } from "./enroll-contact";
import { composeStepEmail } from "./compose-step-email";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { parseTestRunContact, testRunUnsubscribeUrl } from "../test-runs/test-run-contact";
import { stepDelayMs } from "../test-runs/test-run-timing";
import { unsubscribeUrl } from "../unsubscribe-token";
import { waitForCredits, type CreditWaitResult } from "./wait-for-credits";
import { ApiError } from "@/lib/api/errors";
import { resolveTestRunSender } from "../resolve-sender";
import { pauseForSender } from "../pause-for-sender";
import { advanceRun, type RunAdvanceResult } from "../journeys/advance-run";
import { endRuns } from "../fan-out-run-events";
import { sendWindowWait } from "../graph/send-window";
import { frequencyCapWait } from "../frequency-cap/frequency-cap-wait";

export type AdvanceResult =
  | { status: "skipped"; reason: "missing" | "not_active" | "not_due" }
  | { status: "cancelled"; reason: string }
  | { status: "sent" | "already_sent"; emailId: string; position: number; completed: boolean }
  | { status: "completed" }
  | { status: "waiting_for_window" | "waiting_for_cap"; until: string }
  | CreditWaitResult
  | RunAdvanceResult;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * The automation.enrollment.advance job: sends the enrollment's due step, then schedules the
 * next one `delayMinutes` after this send, or completes the enrollment. Safe to run again at any
 * point: the unique (enrollmentId, stepId) on Email means a step that already has its email is
 * not sent twice, only advanced past. Steps are read by position at run time, so edits made while
 * the automation was paused apply to steps not yet reached. Out of credits, the enrollment stays
 * active and waits for credits, re-checked for up to 72 hours before it fails (waitForCredits).
 * Other errors are retried, except those that would fail the same way again (a template past
 * the rendering budget, the sandbox sender outside local mode); after the last attempt fails (a
 * domain still not verified, a database outage, ...) the enrollment is marked failed.
 *
 * A test run (isTest) takes the same path with its copied contact, compressed delays, and no
 * retries: it shows the failure at once instead of after hours of backoff.
 */
export async function advanceEnrollment(
  payload: { enrollmentId: string },
  ctx?: Pick<JobContext, "attempt" | "maxAttempts">,
): Promise<AdvanceResult> {
  try {
    return await advance(payload.enrollmentId);
  } catch (error) {
    const row = await getDb()
      .enrollment.findUnique({ where: { id: payload.enrollmentId }, select: { isTest: true, automationId: true } })
      .catch(() => null);
    const testRun = row?.isTest ?? false;
    // Out of credits is not a failure of the step: it waits for credits (a test run fails at once).
    if (!testRun && error instanceof ApiError && error.code === "insufficient_credits") {
      return waitForCredits({ enrollmentId: payload.enrollmentId, message: error.message });
    }
    // The sender may no longer send: the automation stops, naming why. The sandbox sender outside
    // local mode never will again (this enrollment fails now); a domain that is not verified may
    // be verified again before the last attempt.
    const senderRefused = error instanceof ApiError && (error.code === "domain_not_verified" || error.code === "sandbox_recipient");
    if (!testRun && senderRefused && row) await pauseForSender(row.automationId, error.message);
    // A step past the rendering budget fails the same way on every attempt.
    const final =
      testRun ||
      (senderRefused && error.code === "sandbox_recipient") ||
      error instanceof PermanentJobError ||
      error instanceof TemplateTooComplexError ||
      (ctx !== undefined && ctx.attempt >= ctx.maxAttempts);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    // While the job retries (a domain not verified yet, say) the enrollment stays active and shows why.
    if (final) {
      const at = now();
      const data = { status: "failed" as const, lastError: message, nextStepAt: null, waitingForCreditsSince: null, updatedAt: at };
      await getDb().$transaction((tx) => endRuns(tx, { id: payload.enrollmentId }, data, at));
    } else {
      await getDb().enrollment.updateMany({
        where: { id: payload.enrollmentId, status: "active" },
        data: { lastError: message, updatedAt: now() },
      });
    }
    const never = testRun || error instanceof TemplateTooComplexError || (senderRefused && error.code === "sandbox_recipient");
    if (never && !(error instanceof PermanentJobError)) throw new PermanentJobError(message);
    throw error;
  }
}

async function advance(enrollmentId: string): Promise<AdvanceResult> {
  const db = getDb();
  const enrollment = await db.enrollment.findUnique({
    where: { id: enrollmentId },
    include: {
      contact: true,
      automation: {
        select: {
          id: true,
          from: true,
          graph: true,
          sendWindow: true,
          transactional: true,
          account: { select: { name: true, companyName: true, defaultFrom: true, timezone: true, frequencyCap: true } },
        },
      },
    },
  });
  if (!enrollment) return { status: "skipped", reason: "missing" };
  // A journey's run follows its graph.
  if (enrollment.automation.graph) return advanceRun(enrollmentId);
  if (enrollment.status !== "active") return { status: "skipped", reason: "not_active" };
  // Another job holds the real due time (the step's delay was edited): this one is stale.
  if (!enrollment.nextStepAt || enrollment.nextStepAt.getTime() > now().getTime()) return { status: "skipped", reason: "not_due" };

  const { automation, isTest } = enrollment;
  const real = isTest ? null : enrollment.contact;
  const contact = real ?? (isTest ? parseTestRunContact(enrollment.testContact) : null);
  // A test run goes only to the dev inbox, so it shows its emails even for an unsubscribed or
  // suppressed address (its start noted what a real enrollment would do).
  const suppressed = real
    ? await db.suppression.findUnique({
        where: { accountId_email: { accountId: enrollment.accountId, email: real.email } },
        select: { reason: true },
      })
    : null;
  if (!contact || (real && !real.subscribed) || suppressed) {
    const reason = !contact
      ? "the enrollment has no contact"
      : real && !real.subscribed
        ? "contact unsubscribed"
        : `contact address suppressed (${suppressed!.reason})`;
    const at = now();
    await db.$transaction((tx) =>
      endRuns(tx, { id: enrollmentId }, { status: "cancelled", lastError: reason, nextStepAt: null, updatedAt: at }, at),
    );
    return { status: "cancelled", reason };
  }

  const steps = await db.automationStep.findMany({
    where: { automationId: automation.id },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  const position = enrollment.nextPosition;
  const step = steps[position];
  if (!step) {
    await finish({ id: enrollmentId, accountId: enrollment.accountId }, position, null, isTest);
    return { status: "completed" };
  }

  let emailId = (await db.email.findUnique({ where: { enrollmentId_stepId: { enrollmentId, stepId: step.id } }, select: { id: true } }))
    ?.id;
  const alreadySent = emailId !== undefined;
  if (!emailId) {
    const at = now();
    const windowOpens = sendWindowWait({
      window: automation.sendWindow,
      at,
      contactProperties: real?.properties ?? null,
      accountTimezone: automation.account.timezone,
      isTest,
    });
    const capOpens = windowOpens
      ? null
      : await frequencyCapWait({
          cap: automation.account.frequencyCap,
          transactional: automation.transactional,
          contactId: real?.id ?? null,
          isTest,
          at,
        });
    const opens = windowOpens ?? capOpens;
    if (opens) {
      await dueAgainAt({ id: enrollmentId, accountId: enrollment.accountId }, position, opens);
      return { status: windowOpens ? "waiting_for_window" : "waiting_for_cap", until: opens.toISOString() };
    }
    const from = isTest
      ? await resolveTestRunSender(db, enrollment.accountId, automation.from)
      : (automation.from ?? automation.account.defaultFrom);
    if (!from) throw new Error("no sender: set the automation's from or the account's defaultFrom on a verified domain");
    // Only the step being sent needs its template (a query of its own, so none without one).
    const template = step.templateId
      ? await db.template.findFirst({
          where: { id: step.templateId, accountId: enrollment.accountId },
          select: { subject: true, htmlBody: true, typedVariables: true },
        })
      : null;
    const source = template
      ? { subject: template.subject, html: template.htmlBody }
      : { subject: step.subject ?? "", html: step.bodyHtml ?? "" };
    const url = real ? unsubscribeUrl({ contactId: real.id, enrollmentId }) : testRunUnsubscribeUrl();
    const email = composeStepEmail({
      from,
      contact,
      source,
      companyName: automation.account.companyName || automation.account.name,
      listName: enrollment.listName,
      event: enrollment.eventProperties as Record<string, unknown> | null,
      unsubscribeUrl: url,
      layout: await getDefaultLayout({ accountId: enrollment.accountId }),
      fallbacks: template ? variableFallbacks(template.typedVariables) : undefined,
    });
    try {
      [emailId] = await acceptEmails({
        accountId: enrollment.accountId,
        emails: [email],
        source: { kind: isTest ? "test_run" : "automation", steps: [{ automationId: automation.id, enrollmentId, stepId: step.id }] },
      });
    } catch (error) {
      // A concurrent run sent this step first: advance past it.
      if (!isUniqueViolation(error)) throw error;
      emailId = (
        await db.email.findUniqueOrThrow({ where: { enrollmentId_stepId: { enrollmentId, stepId: step.id } }, select: { id: true } })
      ).id;
    }
  }
  const next = steps[position + 1] ?? null;
  await finish({ id: enrollmentId, accountId: enrollment.accountId }, position, next, isTest);
  return { status: alreadySent ? "already_sent" : "sent", emailId: emailId!, position, completed: next === null };
}

/** The step at `position` is due again at `opens` (its send window, its frequency cap), if the run is still there. */
async function dueAgainAt(enrollment: { id: string; accountId: string }, position: number, opens: Date) {
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.enrollment.updateMany({
      where: { id: enrollment.id, status: "active", nextPosition: position },
      data: { nextStepAt: opens, updatedAt: now() },
    });
    if (count) await scheduleAdvance(tx, enrollment, position, opens);
  });
}

/** Moves past `position`: to the next step, due its delay from now, or to completed. */
async function finish(
  enrollment: { id: string; accountId: string },
  position: number,
  next: { delayMinutes: number } | null,
  isTest: boolean,
) {
  const at = now();
  const where = { id: enrollment.id, status: "active" as const, nextPosition: position };
  if (!next) {
    const data = {
      status: "completed" as const,
      completedAt: at,
      nextStepAt: null,
      lastError: null,
      waitingForCreditsSince: null,
      updatedAt: at,
    };
    await getDb().$transaction((tx) => endRuns(tx, where, data, at));
    return;
  }
  await getDb().$transaction(async (tx) => {
    const dueAt = new Date(at.getTime() + stepDelayMs(next.delayMinutes, isTest));
    const { count } = await tx.enrollment.updateMany({
      where,
      data: { nextPosition: position + 1, nextStepAt: dueAt, lastError: null, waitingForCreditsSince: null, updatedAt: at },
    });
    if (count) await scheduleAdvance(tx, enrollment, position + 1, dueAt);
  });
}
