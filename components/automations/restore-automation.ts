import type { Automation, AutomationStep, useAutomationActions } from "@/lib/hooks/use-automations";

type Actions = ReturnType<typeof useAutomationActions>;

const sameContent = (a: AutomationStep, b: AutomationStep) =>
  a.delayMinutes === b.delayMinutes &&
  a.subject === b.subject &&
  a.bodyHtml === b.bodyHtml &&
  a.templateId === b.templateId &&
  JSON.stringify(a.design) === JSON.stringify(b.design);

const content = (step: AutomationStep) =>
  step.templateId
    ? { delayMinutes: step.delayMinutes, templateId: step.templateId }
    : step.design
      ? // A design brings its blocks back (bodyHtml is rendered from them).
        { delayMinutes: step.delayMinutes, subject: step.subject ?? "", design: step.design }
      : { delayMinutes: step.delayMinutes, subject: step.subject ?? "", bodyHtml: step.bodyHtml ?? "" };

/**
 * Undo: brings the stored automation back to `target` (a copy kept before the last change)
 * through the API. Steps are matched by id in one PUT of the ordered list: the ones added
 * since are deleted, the ones deleted since come back at their old position, moved and
 * changed ones go back to their old place and content.
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
  const unchanged =
    current.steps.length === target.steps.length &&
    current.steps.every((s, i) => s.id === target.steps[i].id && sameContent(s, target.steps[i]));
  if (!target.steps.length) {
    for (const step of current.steps) await actions.deleteStep(step.id);
  } else if (!unchanged) {
    // One PUT of the old list: steps still here keep their ids and get their old place and
    // content back; a step deleted since comes back as a new step with its old content.
    const currentIds = new Set(current.steps.map((s) => s.id));
    await actions.replaceSteps({
      steps: target.steps.map((step) => {
        const fields = content(step);
        return currentIds.has(step.id) ? { id: step.id, ...fields, ...(step.templateId ? {} : { templateId: null }) } : fields;
      }),
    });
  }
  return actions.refresh();
}
