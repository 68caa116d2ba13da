import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { checkStepTemplates } from "./check-step-templates";
import { lockPausedLinearAutomation } from "../lock-automation";
import { MAX_STEPS, type AddStepBody } from "../schemas";
import { serializeStep } from "../serialize-automation";

/**
 * Appends a step, or inserts it at `position` and moves the later ones down (409 while
 * active). Enrollments waiting on a later step keep waiting on that same step.
 */
export async function addStep(options: { accountId: string; automationId: string; input: AddStepBody }) {
  const { accountId, automationId, input } = options;
  const step = await getDb().$transaction(async (tx) => {
    await lockPausedLinearAutomation(tx, accountId, automationId);
    await checkStepTemplates(tx, accountId, [{ templateId: input.templateId, path: "templateId" }]);
    const count = await tx.automationStep.count({ where: { automationId } });
    if (count >= MAX_STEPS) throw new ApiError("validation_error", `an automation has at most ${MAX_STEPS} steps`);
    const position = Math.min(input.position ?? count, count);
    if (position < count) {
      await tx.automationStep.updateMany({ where: { automationId, position: { gte: position } }, data: { position: { increment: 1 } } });
      await tx.enrollment.updateMany({
        where: { automationId, status: "active", nextPosition: { gt: position } },
        data: { nextPosition: { increment: 1 } },
      });
    }
    const at = now();
    await tx.automation.update({ where: { id: automationId }, data: { updatedAt: at } });
    return tx.automationStep.create({
      data: {
        id: newId("stp"),
        automationId,
        position,
        delayMinutes: input.delayMinutes,
        subject: input.templateId ? null : input.subject,
        bodyHtml: input.templateId ? null : input.bodyHtml,
        design: !input.templateId && input.design ? (input.design as Prisma.InputJsonValue) : Prisma.DbNull,
        templateId: input.templateId ?? null,
        createdAt: at,
        updatedAt: at,
      },
    });
  });
  return serializeStep(step);
}
