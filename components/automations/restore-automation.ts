import type { Automation, AutomationStep, useAutomationActions } from "@/lib/hooks/use-automations";

type Actions = ReturnType<typeof useAutomationActions>;

const sameContent = (a: AutomationStep, b: AutomationStep) =>
  a.delayMinutes === b.delayMinutes && a.subject === b.subject && a.bodyHtml === b.bodyHtml && a.templateId === b.templateId;

const content = (step: AutomationStep) =>
  step.templateId
    ? { delayMinutes: step.delayMinutes, templateId: step.templateId }
    : { delayMinutes: step.delayMinutes, subject: step.subject ?? "", bodyHtml: step.bodyHtml ?? "" };

/**
 * Undo: brings the stored automation back to `target` (a copy kept before the last change)
 * through the API. Steps are matched by id: the ones added since are deleted, the ones
 * deleted since come back at their old position (a move is a delete plus an insert, so it
 * unwinds the same way), and changed ones are patched back.
 */
export async function restoreAutomation(actions: Actions, current: Automation, target: Automation): Promise<Automation> {
  if (
    current.name !== target.name ||
    current.description !== target.description ||
    current.triggerType !== target.triggerType ||
    JSON.stringify(current.triggerConfig) !== JSON.stringify(target.triggerConfig)
  ) {
    await actions.update({
      name: target.name,
      description: target.description,
      triggerType: target.triggerType as never,
      triggerConfig: target.triggerConfig,
    });
  }
  const targetIds = new Set(target.steps.map((s) => s.id));
  const currentById = new Map(current.steps.map((s) => [s.id, s]));
  for (const step of current.steps) {
    if (!targetIds.has(step.id)) await actions.deleteStep(step.id);
  }
  // Common steps kept their relative order; inserting the missing ones in ascending position
  // rebuilds the old order exactly.
  for (const [position, step] of target.steps.entries()) {
    const now = currentById.get(step.id);
    if (!now) await actions.addStep({ ...content(step), position });
    else if (!sameContent(now, step)) {
      await actions.updateStep(
        step.id,
        step.templateId
          ? { delayMinutes: step.delayMinutes, templateId: step.templateId, subject: null, bodyHtml: null }
          : { delayMinutes: step.delayMinutes, subject: step.subject, bodyHtml: step.bodyHtml, templateId: null },
      );
    }
  }
  return actions.refresh();
}
