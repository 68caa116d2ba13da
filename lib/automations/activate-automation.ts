import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getAutomationResponse } from "./get-automation-or-throw";
import { lockAutomation } from "./lock-automation";
import { resolveSender } from "./resolve-sender";
import { enrollExistingJob } from "./enroll-existing-job";
import { enrollExistingPage, existingMatchFor } from "./enroll-existing-contacts";
import { countExistingMatches } from "./enroll-existing-sql";
import type { ActivateAutomationBody } from "./schemas";

/**
 * paused -> active (DESIGN 4): 400 listing every problem when there is no step, a step's
 * template is gone, or there is no verified sender. Already active: no-op. Without
 * `enrollExisting` nothing is backfilled: only contact events from now on enroll. With it
 * (issue 16.3), the contacts who already match the trigger are enrolled too: in this
 * transaction up to ENROLL_EXISTING_INLINE_MAX, else by the automation.enroll-existing job.
 * `enrolled` counts them either way.
 */
export async function activateAutomation(options: { accountId: string; id: string; input?: ActivateAutomationBody }) {
  const { accountId, id } = options;
  const { enrolled, background } = await getDb().$transaction(async (tx) => {
    const status = await lockAutomation(tx, accountId, id);
    if (status === "active") return { enrolled: 0, background: false };
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

    const match = options.input?.enrollExisting ? existingMatchFor(automation.triggerType, automation.triggerConfig) : null;
    if (!match) return { enrolled: 0, background: false };
    const count = await countExistingMatches(tx, { accountId, automationId: id, match });
    if (count > getEnv().ENROLL_EXISTING_INLINE_MAX) {
      await enqueueJob(enrollExistingJob, { automationId: id }, { tx, accountId, dedupeKey: `automation.enroll-existing:${id}` });
      return { enrolled: count, background: true };
    }
    let total = 0;
    for (let afterId: string | undefined; ;) {
      const page = await enrollExistingPage(tx, { accountId, automationId: id, match, afterId });
      if (!page.lastId) break;
      total += page.enrolled;
      afterId = page.lastId;
    }
    return { enrolled: total, background: false };
  });
  return { ...(await getAutomationResponse({ accountId, id })), enrolled, enrollingInBackground: background };
}
