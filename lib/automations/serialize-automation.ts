import type { Automation, AutomationStep } from "@/lib/generated/prisma/client";
import type { Design } from "@/lib/templates/design";
import { formatDurationMinutes } from "./graph/duration";
import type { Goal } from "./graph/settings-schema";
import type { SendWindow } from "./graph/send-window-schema";

export interface EnrollmentStats {
  active: number;
  completed: number;
  cancelled: number;
  failed: number;
}

export const emptyStats = (): EnrollmentStats => ({ active: 0, completed: 0, cancelled: 0, failed: 0 });

export function serializeStep(step: AutomationStep) {
  return {
    id: step.id,
    position: step.position,
    delayMinutes: step.delayMinutes,
    subject: step.subject,
    bodyHtml: step.bodyHtml,
    templateId: step.templateId,
    design: (step.design ?? null) as Design | null,
  };
}

export function serializeAutomation(automation: Automation & { steps: AutomationStep[] }, stats: EnrollmentStats = emptyStats()) {
  return {
    id: automation.id,
    name: automation.name,
    description: automation.description,
    status: automation.status,
    triggerType: automation.triggerType,
    triggerConfig: automation.triggerConfig,
    from: automation.from,
    steps: [...automation.steps].sort((a, b) => a.position - b.position).map(serializeStep),
    // A stored graph is a journey: the spec's linear steps cannot hold it, so steps stays empty.
    journey: automation.graph !== null,
    stats,
    goal: (automation.goal ?? null) as Goal | null,
    reentry: automation.reentry,
    cooldown: automation.reentryCooldownMinutes ? formatDurationMinutes(automation.reentryCooldownMinutes) : null,
    transactional: automation.transactional,
    sendWindow: (automation.sendWindow ?? null) as SendWindow | null,
    firstActivatedAt: automation.firstActivatedAt?.toISOString() ?? null,
    pausedReason: automation.pausedReason,
    createdAt: automation.createdAt.toISOString(),
    updatedAt: automation.updatedAt.toISOString(),
  };
}

export type AutomationResponse = ReturnType<typeof serializeAutomation>;
export type StepResponse = ReturnType<typeof serializeStep>;
