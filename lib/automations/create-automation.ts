import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { assertBelowAutomationLimit } from "./assert-below-automation-limit";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { checkStepTemplates } from "./steps/check-step-templates";
import { getAutomationResponse } from "./get-automation-or-throw";
import type { CreateAutomationBody } from "./schemas";
import { automationSettingsData } from "./journeys/journey-settings";

/** Creates an automation, paused, with its steps at positions 0, 1, 2, ... */
export async function createAutomation(options: { accountId: string; input: CreateAutomationBody }) {
  const { accountId, input } = options;
  const db = getDb();
  await checkStepTemplates(
    db,
    accountId,
    input.steps.map((s, i) => ({ templateId: s.templateId, path: `steps.${i}.templateId` })),
  );
  const id = newId("aut");
  const at = now();
  await db.$transaction(async (tx) => {
    await assertBelowAutomationLimit(tx, accountId);
    await tx.automation.create({
      data: {
        id,
        accountId,
        name: input.name,
        description: input.description || null,
        status: "paused",
        triggerType: input.triggerType,
        triggerConfig: input.triggerConfig,
        from: input.from || null,
        ...automationSettingsData(input),
        createdAt: at,
        updatedAt: at,
      },
    });
    await tx.automationStep.createMany({
      data: input.steps.map((step, position) => ({
        id: newId("stp"),
        automationId: id,
        position,
        delayMinutes: step.delayMinutes,
        subject: step.templateId ? null : step.subject,
        bodyHtml: step.templateId ? null : step.bodyHtml,
        design: !step.templateId && step.design ? (step.design as Prisma.InputJsonValue) : Prisma.DbNull,
        templateId: step.templateId ?? null,
        createdAt: at,
        updatedAt: at,
      })),
    });
  });
  return getAutomationResponse({ accountId, id });
}
