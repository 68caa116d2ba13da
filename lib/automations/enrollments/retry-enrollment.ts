import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { ApiError, notFound } from "@/lib/api/errors";
import { wakePoller } from "@/lib/jobs/poller-wake";
import { scheduleAdvance } from "./enroll-contact";
import { serializeEnrollment } from "./serialize-enrollment";

/**
 * A failed enrollment starts again at the step it failed on, due now (its earlier steps' emails
 * are not sent again: the step's email is unique per enrollment). Anything but failed: 409.
 */
export async function retryEnrollment(options: { accountId: string; automationId: string; enrollmentId: string }) {
  const { accountId, automationId, enrollmentId } = options;
  const at = now();
  const row = await getDb().$transaction(async (tx) => {
    // Test runs are not enrollments of anyone (they have their own routes).
    const where = { id: enrollmentId, accountId, automationId, isTest: false };
    const found = await tx.enrollment.findFirst({ where, select: { status: true, nextPosition: true } });
    if (!found) throw notFound("enrollment");
    const { count } = await tx.enrollment.updateMany({
      where: { ...where, status: "failed" },
      data: { status: "active", nextStepAt: at, lastError: null, waitingForCreditsSince: null, completedAt: null, updatedAt: at },
    });
    if (!count) throw new ApiError("conflict", `only failed enrollments can be retried; this one is ${found.status}`);
    await scheduleAdvance(tx, { id: enrollmentId, accountId }, found.nextPosition, at);
    return tx.enrollment.findUniqueOrThrow({
      where: { id: enrollmentId },
      include: { contact: { select: { id: true, email: true, name: true } } },
    });
  });
  wakePoller();
  return serializeEnrollment({ ...row, contact: row.contact! });
}
