import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError, validationError, type ErrorDetail } from "@/lib/api/errors";
import { checkStepTemplates } from "./check-step-templates";
import { getAutomationResponse } from "../get-automation-or-throw";
import { lockPausedLinearAutomation } from "../lock-automation";
import { rescheduleWaiting } from "../enrollments/reschedule-waiting";
import type { ReplaceStepsBody } from "../schemas";
import { designColumn, mergeStepContent, stepContentSchema } from "./merge-step-content";

/**
 * PUT /automations/:id/steps: the whole ordered list in one transaction (409
 * while active). Listed steps keep their id, so their history (emails, funnel) stays theirs;
 * a moved step does not take another step's delay. Steps not listed are deleted. Enrollments
 * waiting on a step keep waiting on that step at its new position; those waiting on a deleted
 * step wait on the next step that remains (or finish, as DELETE /steps/:id does).
 */
export async function replaceSteps(options: { accountId: string; automationId: string; input: ReplaceStepsBody }) {
  const { accountId, automationId, input } = options;
  await getDb().$transaction(async (tx) => {
    await lockPausedLinearAutomation(tx, accountId, automationId);
    await replaceStepsInTx(tx, { accountId, automationId, steps: input.steps });
  });
  return getAutomationResponse({ accountId, id: automationId });
}

/** The replacement itself, in the caller's transaction (the automation locked and paused); returns the step ids in order. */
export async function replaceStepsInTx(tx: Tx, options: { accountId: string; automationId: string; steps: ReplaceStepsBody["steps"] }) {
  const { accountId, automationId } = options;
  const input = { steps: options.steps };
  const current = await tx.automationStep.findMany({ where: { automationId }, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
  const byId = new Map(current.map((s) => [s.id, s]));
  const unknown: ErrorDetail[] = [];
  input.steps.forEach((item, i) => {
    if ("id" in item && !byId.has(item.id)) unknown.push({ path: `steps.${i}.id`, message: `no step ${item.id} in this automation` });
  });
  if (unknown.length) throw new ApiError("validation_error", `${unknown[0].path}: ${unknown[0].message}`, unknown);

  // The resulting content of each item: a kept step merged as PATCH /steps/:id merges.
  const planned = input.steps.map((item, position) => {
    const old = "id" in item ? byId.get(item.id)! : null;
    const content = mergeStepContent(old, item);
    const checked = stepContentSchema.safeParse(content);
    if (!checked.success) throw validationError(checked.error, ["steps", position]);
    return { id: old?.id ?? newId("stp"), old, position, delayMinutes: item.delayMinutes ?? old?.delayMinutes ?? 0, content };
  });
  await checkStepTemplates(
    tx,
    accountId,
    planned.map((p) => ({ templateId: p.content.templateId, path: `steps.${p.position}.templateId` })),
  );

  // Where each old position's waiting enrollments go: the same step, or the next one kept.
  const newPosition = new Map(planned.filter((p) => p.old).map((p) => [p.id, p.position]));
  const moves: [number, number][] = [];
  for (let oldPos = current.length - 1, next = planned.length; oldPos >= 0; oldPos--) {
    const kept = newPosition.get(current[oldPos].id);
    if (kept !== undefined) next = kept;
    if ((kept ?? next) !== oldPos) moves.push([oldPos, kept ?? next]);
  }
  if (planned.length !== current.length) moves.push([current.length, planned.length]);
  // Two passes (to negative, then back) so one old position's move never catches another's.
  for (const [from, to] of moves) {
    await tx.enrollment.updateMany({ where: { automationId, status: "active", nextPosition: from }, data: { nextPosition: -to - 1 } });
  }
  if (moves.length) {
    await tx.$executeRaw`
        UPDATE "Enrollment" SET "nextPosition" = -"nextPosition" - 1 WHERE "automationId" = ${automationId} AND "nextPosition" < 0`;
  }

  const at = now();
  const keep = new Set(planned.map((p) => p.id));
  await tx.automationStep.deleteMany({ where: { automationId, id: { notIn: [...keep] } } });
  for (const p of planned) {
    if (p.old) {
      await tx.automationStep.update({
        where: { id: p.id },
        data: { position: p.position, delayMinutes: p.delayMinutes, ...p.content, design: designColumn(p.content), updatedAt: at },
      });
      await rescheduleWaiting(tx, automationId, p.position, p.delayMinutes - p.old.delayMinutes);
    } else {
      await tx.automationStep.create({
        data: {
          id: p.id,
          automationId,
          position: p.position,
          delayMinutes: p.delayMinutes,
          ...p.content,
          design: designColumn(p.content),
          createdAt: at,
          updatedAt: at,
        },
      });
    }
  }
  await tx.automation.update({ where: { id: automationId }, data: { updatedAt: at } });
  return planned.map((p) => p.id);
}
