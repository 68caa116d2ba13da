"use client";

import { useCallback, useMemo, useState } from "react";
import type { Automation } from "@/lib/hooks/use-automations";
import { errorsFromDetails } from "@/lib/ui/builder-state";
import type { ApiErrorDetail } from "@/lib/ui/fetch-api";
import type { Selection } from "./builder-context";
import type { StepErrors } from "./step-editor";

/**
 * The problems the canvas marks on its nodes: the last activation attempt's, and the open form's
 * own (reported by the trigger and step editors as the user types).
 */
export function useNodeErrors(automation: Automation, details: ApiErrorDetail[], selection: Selection) {
  const [panel, setPanel] = useState<{ trigger?: string; step?: StepErrors }>({});
  const onTriggerError = useCallback(
    (message: string | undefined) => setPanel((e) => (e.trigger === message ? e : { ...e, trigger: message })),
    [],
  );
  const onStepErrors = useCallback(
    (errors: StepErrors) =>
      setPanel((e) => (e.step?.delay === errors.delay && e.step?.email === errors.email ? e : { ...e, step: errors })),
    [],
  );
  const nodeErrors = useMemo(() => {
    const errors = errorsFromDetails(automation, details);
    if (panel.trigger) errors.trigger = panel.trigger;
    if (selection && selection.kind !== "trigger" && panel.step && (panel.step.delay || panel.step.email)) {
      errors.steps[selection.stepId] = { ...errors.steps[selection.stepId], ...panel.step };
    }
    return errors;
  }, [automation, details, panel, selection]);
  const panelInvalid = Boolean(panel.trigger || panel.step?.delay || panel.step?.email);
  /** A new node opens: the errors of the one left behind go with it. */
  const clearPanel = useCallback(() => setPanel({}), []);
  return { nodeErrors, panelInvalid, onTriggerError, onStepErrors, clearPanel };
}
