import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";
import { getAutomationResponse } from "./get-automation-or-throw";
import { lockAutomation } from "./lock-automation";
import { resolveSender } from "./resolve-sender";

/**
 * paused -> active (DESIGN 4): 400 listing every problem when there is no step, a step's
 * template is gone, or there is no verified sender. Already active: no-op. Nothing is
 * backfilled: only contact events from now on enroll.
 */
export async function activateAutomation(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  await getDb().$transaction(async (tx) => {
    const status = await lockAutomation(tx, accountId, id);
    if (status === "active") return;
    const automation = await tx.automation.findUniqueOrThrow({
      where: { id },
      include: { steps: { orderBy: { position: "asc" }, include: { template: { select: { accountId: true } } } } },
    });
    const details: ErrorDetail[] = [];
    if (!automation.steps.length) details.push({ path: "steps", message: "add at least one step before activating" });
    automation.steps.forEach((step, i) => {
      if (step.templateId && step.template?.accountId !== accountId) {
        details.push({ path: `steps.${i}.templateId`, message: `template ${step.templateId} does not exist` });
      }
      if (!step.templateId && (!step.subject || !step.bodyHtml)) {
        details.push({ path: `steps.${i}`, message: "step has neither a template nor a subject and bodyHtml" });
      }
    });
    const sender = await resolveSender(tx, accountId, automation.from);
    if (sender.problem) details.push({ path: "from", message: sender.problem });
    if (details.length) throw new ApiError("validation_error", `cannot activate: ${details[0].message}`, details);
    await tx.automation.update({ where: { id }, data: { status: "active", updatedAt: now() } });
  });
  return getAutomationResponse({ accountId, id });
}
