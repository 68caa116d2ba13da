import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { ApiError, notFound } from "@/lib/api/errors";
import { announceJobs, buildJobRows } from "@/lib/jobs/enqueue-jobs";
import { parseScheduledAt, scheduledAtProblem } from "./parse-scheduled-at";
import { emailSendJob } from "./send-email-job";

/**
 * Moves a scheduled email to a new time (Resend's `emails.update`); anything past `scheduled`
 * is a 409. The waiting delivery job is superseded by a new one rather than moved: an Inngest
 * run already sleeping until the old time then finds its row finished and does nothing.
 */
export async function rescheduleEmail(options: { accountId: string; id: string; scheduledAt: string }) {
  const current = now();
  const when = parseScheduledAt(options.scheduledAt, current);
  const problem = when ? scheduledAtProblem(when, current) : "is not a date";
  if (!when || problem) throw new ApiError("validation_error", `scheduled_at: ${problem}`, [{ path: "scheduled_at", message: problem! }]);

  const rows = await getDb().$transaction(async (tx) => {
    // The conditional update is the lock, as in cancel: a delivery that took the email wins.
    const updated = await tx.email.updateMany({
      where: { id: options.id, accountId: options.accountId, status: "scheduled" },
      data: { scheduledAt: when },
    });
    if (updated.count === 0) {
      const email = await tx.email.findFirst({ where: { id: options.id, accountId: options.accountId }, select: { status: true } });
      if (!email) throw notFound("email");
      throw new ApiError("conflict", `only scheduled emails can be rescheduled; this one is ${email.status}`);
    }
    await tx.job.updateMany({
      where: { name: emailSendJob.id, status: "pending", payload: { path: ["emailId"], equals: options.id } },
      data: { status: "completed", completedAt: current, lastError: "superseded: the email was rescheduled" },
    });
    const jobs = buildJobRows(emailSendJob, [{ payload: { emailId: options.id }, runAt: when }], { accountId: options.accountId });
    await tx.job.createMany({ data: jobs });
    return jobs;
  });
  await announceJobs(rows);
  return { id: options.id, status: "scheduled" as const, scheduled_at: when.toISOString() };
}
