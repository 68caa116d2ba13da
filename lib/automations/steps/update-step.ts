import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { notFound, validationError } from "@/lib/api/errors";
import { checkStepTemplates } from "./check-step-templates";
import { lockPausedLinearAutomation } from "../lock-automation";
import { rescheduleWaiting } from "../enrollments/reschedule-waiting";
import type { UpdateStepBody } from "../schemas";
import { serializeStep } from "../serialize-automation";
import { designColumn, mergeStepContent, stepContentSchema } from "./merge-step-content";

/**
 * Changes a step (409 while active), merged by mergeStepContent: setting templateId clears the
 * inline subject, body and design; setting subject, bodyHtml or design clears templateId; the
 * result must be one or the other. A new
 * delay moves the due time of enrollments already waiting on this step.
 */
export async function updateStep(options: { accountId: string; automationId: string; stepId: string; input: UpdateStepBody }) {
  const { accountId, automationId, stepId, input } = options;
  const step = await getDb().$transaction(async (tx) => {
    await lockPausedLinearAutomation(tx, accountId, automationId);
    const current = await tx.automationStep.findFirst({ where: { id: stepId, automationId } });
    if (!current) throw notFound("step");
    const content = mergeStepContent(current, input);
    const checked = stepContentSchema.safeParse(content);
    if (!checked.success) throw validationError(checked.error);
    await checkStepTemplates(tx, accountId, [{ templateId: content.templateId, path: "templateId" }]);
    const at = now();
    const updated = await tx.automationStep.update({
      where: { id: stepId },
      data: { ...content, design: designColumn(content), delayMinutes: input.delayMinutes, updatedAt: at },
    });
    if (input.delayMinutes !== undefined) {
      await rescheduleWaiting(tx, automationId, current.position, input.delayMinutes - current.delayMinutes);
    }
    await tx.automation.update({ where: { id: automationId }, data: { updatedAt: at } });
    return updated;
  });
  return serializeStep(step);
}
