import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { notFound } from "@/lib/api/errors";
import { lockPausedLinearAutomation } from "../lock-automation";

/**
 * Removes a step and closes the gap in positions (409 while active). Enrollments waiting on a
 * later step keep waiting on that step; those waiting on this one get the step after it.
 */
export async function deleteStep(options: { accountId: string; automationId: string; stepId: string }) {
  const { accountId, automationId, stepId } = options;
  await getDb().$transaction(async (tx) => {
    await lockPausedLinearAutomation(tx, accountId, automationId);
    const step = await tx.automationStep.findFirst({ where: { id: stepId, automationId } });
    if (!step) throw notFound("step");
    await tx.automationStep.delete({ where: { id: stepId } });
    await tx.automationStep.updateMany({ where: { automationId, position: { gt: step.position } }, data: { position: { decrement: 1 } } });
    await tx.enrollment.updateMany({
      where: { automationId, status: "active", nextPosition: { gt: step.position } },
      data: { nextPosition: { decrement: 1 } },
    });
    await tx.automation.update({ where: { id: automationId }, data: { updatedAt: now() } });
  });
  return { id: stepId, deleted: true as const };
}
