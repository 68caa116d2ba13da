/**
 * The automation builder's decisions that need no browser: whether a save changed anything,
 * whether there is work not yet stored, which key press undoes or redoes, and where the API's
 * activation problems belong. Pure so they are unit-tested; the builder's hooks call them.
 */
import type { NodeErrors } from "@/components/automations/builder-context";
import type { SaveState } from "@/components/automations/save-indicator";
import type { ApiErrorDetail } from "./fetch-api";

interface StepLike {
  id: string;
}
interface AutomationLike {
  steps: StepLike[];
}

/** Two stored copies hold the same content when they differ at most in their timestamps. */
export function sameContent(a: unknown, b: unknown): boolean {
  const content = (value: unknown) => JSON.stringify(value, (key, v) => (key === "updatedAt" || key === "createdAt" ? undefined : v));
  return content(a) === content(b);
}

export interface DirtyState {
  /** The open node's form holds typing not saved yet. */
  panelDirty: boolean;
  /** The name or description holds typing not saved yet. */
  headerDirty: boolean;
  save: SaveState;
}

/** Leaving now would lose something: a form not saved yet, or a save still on its way. */
export function hasUnsavedWork({ panelDirty, headerDirty, save }: DirtyState): boolean {
  return panelDirty || headerDirty || save.state === "saving";
}

/** Activation problems (paths like steps.2.templateId) placed on the nodes they concern. */
export function errorsFromDetails(automation: AutomationLike, details: ApiErrorDetail[]): NodeErrors {
  const errors: NodeErrors = { steps: {} };
  for (const detail of details) {
    const match = /^steps\.(\d+)/.exec(detail.path);
    const step = match ? automation.steps[Number(match[1])] : undefined;
    if (step) errors.steps[step.id] = { ...errors.steps[step.id], email: detail.message };
    else if (detail.path.startsWith("trigger")) errors.trigger = detail.message;
  }
  return errors;
}

/** The refusal's details as sentences: a step's problem names the email by its number. */
export function activationMessages(details: ApiErrorDetail[]): string[] {
  return details.map((d) => (d.path.startsWith("steps.") ? `Email ${Number(d.path.split(".")[1]) + 1}: ${d.message}` : d.message));
}
