import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { notFound, validationError } from "@/lib/api/errors";
import { checkStepTemplates } from "./check-step-templates";
import { lockPausedLinearAutomation } from "../lock-automation";
import { rescheduleWaiting } from "../enrollments/reschedule-waiting";
import { refineStepContent, type UpdateStepBody } from "../schemas";
import { serializeStep } from "../serialize-automation";

const contentSchema = z
  .object({ subject: z.string().nullish(), bodyHtml: z.string().nullish(), templateId: z.string().nullish() })
  .superRefine(refineStepContent);

/**
 * Changes a step (409 while active). Setting templateId clears the inline subject and body (a
 * subject or body sent beside it is ignored);
 * setting subject or bodyHtml clears templateId; the result must be one or the other. A new
 * delay moves the due time of enrollments already waiting on this step.
 */
export async function updateStep(options: { accountId: string; automationId: string; stepId: string; input: UpdateStepBody }) {
  const { accountId, automationId, stepId, input } = options;
  const step = await getDb().$transaction(async (tx) => {
    await lockPausedLinearAutomation(tx, accountId, automationId);
    const current = await tx.automationStep.findFirst({ where: { id: stepId, automationId } });
    if (!current) throw notFound("step");
    const inlineGiven = input.subject !== undefined || input.bodyHtml !== undefined;
    let content = { subject: current.subject, bodyHtml: current.bodyHtml, templateId: current.templateId };
    // A template given with subject or bodyHtml wins: those are ignored.
    if (input.templateId) content = { subject: null, bodyHtml: null, templateId: input.templateId };
    else if (inlineGiven || input.templateId === null) {
      content = {
        subject: input.subject === undefined ? current.subject : input.subject,
        bodyHtml: input.bodyHtml === undefined ? current.bodyHtml : input.bodyHtml,
        templateId: null,
      };
    }
    const checked = contentSchema.safeParse(content);
    if (!checked.success) throw validationError(checked.error);
    await checkStepTemplates(tx, accountId, [{ templateId: content.templateId, path: "templateId" }]);
    const at = now();
    const updated = await tx.automationStep.update({
      where: { id: stepId },
      data: { ...content, delayMinutes: input.delayMinutes, updatedAt: at },
    });
    if (input.delayMinutes !== undefined) {
      await rescheduleWaiting(tx, automationId, current.position, input.delayMinutes - current.delayMinutes);
    }
    await tx.automation.update({ where: { id: automationId }, data: { updatedAt: at } });
    return updated;
  });
  return serializeStep(step);
}
