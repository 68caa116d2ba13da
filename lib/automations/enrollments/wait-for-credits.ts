import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { scheduleAdvance } from "./enroll-contact";
import { endRuns } from "../fan-out-run-events";

/** How long a due step waits for the account's credits before its enrollment fails. */
export const CREDIT_WAIT_MAX_MS = 72 * 60 * 60 * 1000;
const FIRST_RECHECK_MS = 60_000;
const MAX_RECHECK_MS = 60 * 60_000;

export type CreditWaitResult = { status: "waiting_for_credits"; recheckAt: string } | { status: "failed"; reason: string };

/**
 * The due step could not be sent for lack of credits: the enrollment stays active, marked as
 * waiting for credits, and its step is re-checked later (a gap as long as the wait so far,
 * from 1 min up to 1 h), for up to 72 hours; then it fails (and can be retried from the API).
 */
export async function waitForCredits(options: { enrollmentId: string; message: string }): Promise<CreditWaitResult> {
  const db = getDb();
  const at = now();
  return db.$transaction(async (tx) => {
    const enrollment = await tx.enrollment.findUnique({
      where: { id: options.enrollmentId },
      select: { id: true, accountId: true, status: true, nextPosition: true, waitingForCreditsSince: true },
    });
    if (!enrollment || enrollment.status !== "active") return { status: "failed" as const, reason: "not active" };
    const since = enrollment.waitingForCreditsSince ?? at;
    const waited = at.getTime() - since.getTime();
    const where = { id: enrollment.id, status: "active" as const, nextPosition: enrollment.nextPosition };
    if (waited >= CREDIT_WAIT_MAX_MS) {
      const reason = `out of credits for 72 hours: ${options.message}`.slice(0, 2000);
      await endRuns(tx, where, { status: "failed", lastError: reason, nextStepAt: null, waitingForCreditsSince: null, updatedAt: at }, at);
      return { status: "failed" as const, reason };
    }
    const gap = Math.min(MAX_RECHECK_MS, Math.max(FIRST_RECHECK_MS, waited), CREDIT_WAIT_MAX_MS - waited);
    const recheckAt = new Date(at.getTime() + gap);
    const { count } = await tx.enrollment.updateMany({
      where,
      data: { waitingForCreditsSince: since, lastError: options.message.slice(0, 2000), nextStepAt: recheckAt, updatedAt: at },
    });
    if (count) await scheduleAdvance(tx, enrollment, enrollment.nextPosition, recheckAt);
    return { status: "waiting_for_credits" as const, recheckAt: recheckAt.toISOString() };
  });
}
